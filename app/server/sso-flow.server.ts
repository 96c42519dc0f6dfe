/**
 * Marks a browser that started a single sign-on here: the API sets it when the sign-on starts,
 * and /login-callback takes a code only from a browser that has it (a stranger's link cannot
 * sign a visitor into another account).
 */
export const SSO_FLOW_COOKIE = "sso_flow";

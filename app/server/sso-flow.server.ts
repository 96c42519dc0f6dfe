/**
 * A random value of the browser that started a single sign-on here: the API sets it when the
 * sign-on starts and binds the hand-off code to it, and /login-callback sends it with the code,
 * so a code made for another browser (an attacker's own sign-on, issue 14) signs nobody in.
 */
export const SSO_FLOW_COOKIE = "sso_flow";

/** What a caller over a rate limit is told: the API answers it with 429, the account pages show it. */
export const RATE_LIMITED = "Too many attempts. Please wait a few minutes and try again.";

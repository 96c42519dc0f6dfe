import { randomBytes } from "node:crypto";

// Security headers for every answer of both faces (issue 14, DESIGN 'Hardening at the edge'):
// pages get a Content Security Policy whose only inline scripts are Remix's own, carrying a
// fresh nonce per request; nothing may frame the app (frame-ancestors and X-Frame-Options, so a
// same-site page cannot frame /school/{id} under a teacher's session); no MIME sniffing; no
// referrer beyond the origin, and from account pages, whose reset and invitation links carry a
// code, no referrer to any other site; nothing passing here stays in a cache; HSTS once served
// over HTTPS. Static assets are served before Remix (remix-serve) and keep their own caching.

/** A fresh nonce for one page's inline scripts (128 random bits). */
export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * The origin of an embedded page (the contact form of SUPPORT_FORM_URL on /customer-support),
 * or null when the URL is missing or not http(s).
 */
export function frameOrigin(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * The policy of a page. Scripts: this origin's files and the inline scripts Remix and React
 * render with the nonce, never other inline code. Styles allow inline: React renders style
 * attributes (the percentile slider) and the results grid its column rule, and a style
 * attribute cannot carry a nonce. Audio (the RAN recordings) and everything else from this
 * origin only; a frame only from the configured support form.
 */
export function pageCsp(options: { nonce: string; frameSources?: readonly string[] }): string {
  const frames = options.frameSources?.length ? options.frameSources.join(" ") : "'none'";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${options.nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "media-src 'self'",
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src ${frames}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The policy of an answer that is not a page (JSON, CSV, data requests): nothing runs, nothing frames it. */
export const NON_PAGE_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * Pages whose URL may carry a one-time code or a sign-in hand-off: no referrer leaves the site.
 * Not 'no-referrer': with it browsers send `Origin: null` on the page's own form posts, and both
 * CSRF checks (ours and Remix's) rightly refuse those; 'same-origin' keeps Origin and sends a
 * referrer only to this app, which already has the URL.
 */
const ACCOUNT_PATHS = new Set(["/login", "/login-callback", "/forgot-password", "/reset-password", "/register", "/complete-new-password"]);

export function isAccountPath(pathname: string): boolean {
  const path = pathname.replace(/\.data$/, "").replace(/\/+$/, "") || "/";
  return ACCOUNT_PATHS.has(path);
}

/** Whether the app is reached over HTTPS: the request's own scheme, or a PUBLIC_URL behind a TLS proxy. */
export function servedOverHttps(requestUrl: string, publicUrl: string | undefined): boolean {
  if (new URL(requestUrl).protocol === "https:") return true;
  return frameOrigin(publicUrl)?.startsWith("https:") ?? false;
}

export const HSTS = "max-age=31536000";
export const SECURE_REFERRER = "strict-origin-when-cross-origin";
export const ACCOUNT_REFERRER = "same-origin";

export interface SecurityHeaderOptions {
  /** The Content-Security-Policy to send. */
  csp: string;
  referrerPolicy: typeof SECURE_REFERRER | typeof ACCOUNT_REFERRER | "no-referrer";
  https: boolean;
}

/**
 * Sets the security headers on `headers` (mutated). Every answer that passes here is no-store:
 * pages and API answers are either someone's data or the sign-in pages around it; what may be
 * cached (scripts, styles, images) is served before Remix with its own caching.
 */
export function applySecurityHeaders(headers: Headers, options: SecurityHeaderOptions): Headers {
  headers.set("Content-Security-Policy", options.csp);
  headers.set("X-Frame-Options", "DENY");
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", options.referrerPolicy);
  if (options.https) headers.set("Strict-Transport-Security", HSTS);
  else headers.delete("Strict-Transport-Security");
  // An answer that already forbids storing (the recordings and CSVs: "private, no-store") keeps its words.
  if (!/\bno-store\b/i.test(headers.get("Cache-Control") ?? "")) headers.set("Cache-Control", "no-store");
  return headers;
}

/** For a page (document request): the policy with its nonce, and no referrer off the site from account pages. */
export function pageSecurityHeaders(
  request: Request,
  headers: Headers,
  nonce: string,
  env: Record<string, string | undefined> = process.env,
): Headers {
  const support = frameOrigin(env.SUPPORT_FORM_URL);
  return applySecurityHeaders(headers, {
    csp: pageCsp({ nonce, frameSources: support ? [support] : [] }),
    referrerPolicy: isAccountPath(new URL(request.url).pathname) ? ACCOUNT_REFERRER : SECURE_REFERRER,
    https: servedOverHttps(request.url, env.PUBLIC_URL),
  });
}

/** For everything else (API answers, Remix data requests): a policy that allows nothing, and no referrer. */
export function nonPageSecurityHeaders(request: Request, headers: Headers, publicUrl = process.env.PUBLIC_URL): Headers {
  return applySecurityHeaders(headers, {
    csp: NON_PAGE_CSP,
    referrerPolicy: "no-referrer",
    https: servedOverHttps(request.url, publicUrl),
  });
}

/** The same response with the headers set; a copy when its headers cannot be changed (Response.redirect). */
export function withHeaders(response: Response, set: (headers: Headers) => void): Response {
  try {
    set(response.headers);
    return response;
  } catch {
    const copy = new Response(response.body, { status: response.status, statusText: response.statusText, headers: response.headers });
    set(copy.headers);
    return copy;
  }
}

// Remix (2.17) refuses a document or data POST whose Origin host is not its Host (or
// X-Forwarded-Host) before any route code runs, with one of these two messages, and answers an
// empty 500. Our own check (app/server/csrf.server.ts) answers 403; so should this one.
const REMIX_CSRF_MESSAGES = [
  "header does not match `origin` header from a forwarded action request",
  "`x-forwarded-host` or `host` headers are not provided",
];

/**
 * Whether `error` is Remix's cross-site refusal of `request`. Remix reads the Origin with
 * `new URL(origin)` first, which throws a TypeError (ERR_INVALID_URL, naming its input) for an
 * Origin no browser sends (a port past 65535 or not a number): that is a refusal too (issue 33),
 * recognised only when its input is this request's Origin.
 */
export function isRemixCsrfError(error: unknown, request?: Request): boolean {
  if (!(error instanceof Error)) return false;
  if (REMIX_CSRF_MESSAGES.some((m) => error.message.includes(m))) return true;
  const origin = request?.headers.get("origin");
  const { code, input } = error as { code?: unknown; input?: unknown };
  return error instanceof TypeError && code === "ERR_INVALID_URL" && origin != null && input === origin;
}

/** The refusal as the HTTP server's error handler reads it (Express: `status`, `headers`, `expose`). */
export class CrossSiteRefusal extends Error {
  readonly status = 403;
  readonly statusCode = 403;
  readonly expose = true;
  constructor(
    message: string,
    readonly headers: Record<string, string>,
  ) {
    super(message);
    this.name = "CrossSiteRefusal";
  }
}

export function crossSiteRefusal(request: Request): CrossSiteRefusal {
  const origin = request.headers.get("origin");
  console.warn(`[csrf] refused ${request.method} ${new URL(request.url).pathname}: origin ${origin}`);
  const headers = nonPageSecurityHeaders(request, new Headers());
  return new CrossSiteRefusal("Cross-site request refused", Object.fromEntries(headers));
}

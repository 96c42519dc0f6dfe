// Cross-site request forgery defence, in one place for both faces of the app: a state-changing
// request (anything but GET, HEAD, OPTIONS) must come from this site. Browsers name the page
// that made a request in Origin (every POST in current browsers), Referer or Sec-Fetch-Site;
// a request from another site is refused. A request with none of them comes from a program,
// not a browser, and cannot ride on a visitor's cookies, so it passes.

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

export const CROSS_SITE_MESSAGE = "Cross-site request refused";

function sameSite(source: string, requestUrl: string, publicUrl: string | undefined): boolean {
  let url: URL;
  try {
    url = new URL(source);
  } catch {
    return false;
  }
  if (publicUrl && url.origin === new URL(publicUrl).origin) return true;
  // Behind a TLS-terminating proxy the app sees http:// while the browser says https://: the host decides.
  return url.host === new URL(requestUrl).host;
}

/** Why a request is refused as cross-site, or null when it may go on. */
export function crossSiteReason(
  request: { method: string; url: string; headers: Headers },
  publicUrl = process.env.PUBLIC_URL,
): string | null {
  if (SAFE.has(request.method.toUpperCase())) return null;
  const origin = request.headers.get("origin");
  if (origin !== null) return sameSite(origin, request.url, publicUrl) ? null : `origin ${origin}`;
  const referer = request.headers.get("referer");
  if (referer) return sameSite(referer, request.url, publicUrl) ? null : "referer from another site";
  const site = request.headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") return `sec-fetch-site ${site}`;
  return null;
}

/** For Remix actions: throws a 403 response for a cross-site request. */
export function assertSameOrigin(request: Request): void {
  const reason = crossSiteReason(request);
  if (reason) {
    console.warn(`[csrf] refused ${request.method} ${new URL(request.url).pathname}: ${reason}`);
    throw new Response(CROSS_SITE_MESSAGE, { status: 403 });
  }
}

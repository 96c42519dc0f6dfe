import { signOutAndRedirect } from "./session.server";
import { redirectWithToast } from "./toast.server";

/**
 * Spec 000 §8: the toast when a report cannot be downloaded, whatever the reason: unknown, out of
 * the caller's scope (403) or failed (issue 35 item 15: a refusal said a text of ours instead).
 */
export const REPORT_NOT_FOUND = "Report not found";

/**
 * Passes on a CSV the API produced (`api.GET(path, { params, parseAs: "text" })`), named by its
 * Filename header. On failure the user goes back to the page they came from with the error toast
 * 'Report not found' (spec 000 §8), a refusal (403) included; a 401 signs out.
 */
export async function csvDownload(
  request: Request,
  pending: Promise<{ data?: string; error?: unknown; response: Response }>,
  fallbackPage: string,
): Promise<Response> {
  const { data, response } = await pending;
  if (!response.ok || typeof data !== "string") {
    if (response.status === 401) return signOutAndRedirect(request);
    return redirectWithToast(request, backTo(request, fallbackPage), { kind: "error", text: REPORT_NOT_FOUND });
  }
  const filename = (response.headers.get("Filename") ?? "report.csv").replace(/["\\\r\n/]/g, "_");
  // Response.text() drops the byte order mark; Excel needs it to read UTF-8.
  const body = data.startsWith("\uFEFF") ? data : `\uFEFF${data}`;
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${filename}"`,
      Filename: filename,
      "cache-control": "private, no-store",
    },
  });
}

/**
 * Passes on a CSV the API streams (`api.GET(path, { params, parseAs: "stream" })`) as it arrives:
 * the body is the API's own stream, never read here, so the first rows reach the browser while
 * the last are still being read (issue 15). Failures as csvDownload; X-Total-Rows (the rows to
 * come, when the API knows) is passed on for the page's progress line.
 */
export async function csvStreamDownload(
  request: Request,
  pending: Promise<{ data?: ReadableStream<Uint8Array> | null; error?: unknown; response: Response }>,
  fallbackPage: string,
): Promise<Response> {
  const { data, response } = await pending;
  if (!response.ok || !data) {
    if (response.status === 401) return signOutAndRedirect(request);
    return redirectWithToast(request, backTo(request, fallbackPage), { kind: "error", text: REPORT_NOT_FOUND });
  }
  const filename = (response.headers.get("Filename") ?? "report.csv").replace(/["\\\r\n/]/g, "_");
  const total = response.headers.get("X-Total-Rows");
  return new Response(data, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${filename}"`,
      Filename: filename,
      "cache-control": "private, no-store",
      ...(total && /^\d+$/.test(total) ? { "x-total-rows": total } : {}),
    },
  });
}

/** The same-site page the request came from (Referer), else `fallback`. */
function backTo(request: Request, fallback: string): string {
  const referer = request.headers.get("referer");
  if (!referer) return fallback;
  try {
    const from = new URL(referer);
    if (from.host !== new URL(request.url).host) return fallback;
    return from.pathname + from.search;
  } catch {
    return fallback;
  }
}

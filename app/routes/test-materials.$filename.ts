import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiFor } from "#app/lib/api.server";
import { requireUser } from "#app/lib/auth.server";
import { signOutAndRedirect } from "#app/lib/session.server";
import { redirectWithToast } from "#app/lib/toast.server";

/**
 * A grade's test materials from the menu (spec 001 §7 GET /dashboard/resources/{filename}/download):
 * the zip passed on as a download; a failure goes back to the page with an alert holding the
 * API's message (spec: 'failure shows an alert with the message').
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const api = apiFor(request, context);
  const filename = params.filename ?? "";
  const { data, error, response } = await api.GET("/dashboard/resources/{filename}/download", {
    params: { path: { filename } },
    parseAs: "arrayBuffer",
  });
  if (!response.ok || !(data instanceof ArrayBuffer)) {
    if (response.status === 401) return signOutAndRedirect(request);
    const message = (error as { message?: string } | undefined)?.message ?? `Download failed (${response.status}).`;
    return redirectWithToast(request, backTo(request), { kind: "error", text: message });
  }
  return new Response(data, {
    headers: {
      "content-type": "application/zip",
      "content-disposition": response.headers.get("content-disposition") ?? `attachment; filename="test-materials.zip"`,
      "cache-control": "private, no-store",
    },
  });
}

/** The same-site page the request came from, else /. */
function backTo(request: Request): string {
  try {
    const from = new URL(request.headers.get("referer") ?? "");
    if (from.host === new URL(request.url).host) return from.pathname + from.search;
  } catch {
    // no usable referer
  }
  return "/";
}

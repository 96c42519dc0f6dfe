import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiFor } from "#app/lib/api.server";
import { requireUser } from "#app/lib/auth.server";
import { signOutAndRedirect } from "#app/lib/session.server";
import { redirectWithToast } from "#app/lib/toast.server";

/**
 * Everything about one student as a zip (issue 41 item 3; GET /participants/{id}/export), passed
 * on as the API streams it, named by its Filename header. A refusal or failure goes back to the
 * records page with the reason in a toast; a 401 signs out.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const id = params.studentId ?? "";
  const api = apiFor(request, context);
  const { data, error, response } = await api.GET("/participant/{id}/export", { params: { path: { id } }, parseAs: "stream" });
  if (!response.ok || !data) {
    if (response.status === 401) return signOutAndRedirect(request);
    const message = (error as { message?: string } | undefined)?.message;
    return redirectWithToast(request, `/student/${encodeURIComponent(id)}/records`, {
      kind: "error",
      text: message ? `The export failed: ${message}` : "The export failed.",
    });
  }
  const filename = (response.headers.get("Filename") ?? "student-records.zip").replace(/["\\\r\n/]/g, "_");
  return new Response(data, {
    headers: {
      "content-type": "application/zip",
      "content-disposition": `attachment; filename="${filename}"`,
      "cache-control": "private, no-store",
      ...(response.headers.get("content-length") ? { "content-length": response.headers.get("content-length")! } : {}),
    },
  });
}

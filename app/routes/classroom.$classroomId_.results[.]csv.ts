import type { LoaderFunctionArgs } from "@remix-run/node";
import { isPeriod } from "#app/domain/periods";
import { UNABLE_TO_LOAD_CLASSROOM } from "#app/domain/results-labels";
import { isUuid } from "#app/domain/url-state";
import { apiFor, expectData } from "#app/lib/api.server";
import { requireUser } from "#app/lib/auth.server";

// The classroom grid as shown (period, percentile or score) as CSV: RFC 4180, UTF-8 with BOM. The
// API makes the file (GET /participantGroups/{id}/results/csv), so the access log records it as
// the classroom CSV it is (issue 41 item 2).
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  // An id that cannot be a classroom's is no classroom (the API's 400 for it came back as a 500).
  const classroomId = params.classroomId;
  if (!isUuid(classroomId)) return textResponse("Classroom not found.", 404);
  const search = new URL(request.url).searchParams;
  const period = search.get("period");
  const score = search.get("score") === "raw" ? "raw" : "percentile";
  const api = apiFor(request, context);
  const result = await api.result(
    api.GET("/participantGroups/{id}/results/csv", {
      params: { path: { id: classroomId }, query: { ...(isPeriod(period) ? { period } : {}), score } },
      parseAs: "text",
    }),
  );
  if (!result.ok) {
    // 401 signs out, 403 and 404 are the error page, as on the classroom page.
    if (result.status === 401 || result.status === 403 || result.status === 404) return expectData(request, result);
    if (result.status === 422) return textResponse(result.error.message, 422);
    console.error("[classroom csv]", result.status, result.error.message);
    return textResponse(UNABLE_TO_LOAD_CLASSROOM, 500);
  }
  const fileName = (result.headers.get("Filename") ?? "results.csv").replace(/["\\\r\n/]/g, "_");
  // Response.text() drops the byte order mark; Excel needs it to read UTF-8.
  const body = String(result.data);
  return new Response(body.startsWith("\uFEFF") ? body : `\uFEFF${body}`, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${fileName}"`,
      Filename: fileName,
      "access-control-expose-headers": "Filename, Content-Disposition",
      "cache-control": "private, no-store",
    },
  });
}

function textResponse(message: string, status: number): Response {
  return new Response(message, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
}

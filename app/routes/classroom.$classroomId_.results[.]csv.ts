import type { LoaderFunctionArgs } from "@remix-run/node";
import { fileSlug, toCsv, UTF8_BOM } from "#app/domain/csv";
import { gridToCsvRows } from "#app/domain/results-grid";
import { UNABLE_TO_LOAD_CLASSROOM } from "#app/domain/results-labels";
import { isUuid } from "#app/domain/url-state";
import { apiFor } from "#app/lib/api.server";
import { requireUser } from "#app/lib/auth.server";
import { loadResults, parseResultsQuery } from "./classroom.$classroomId.server";

// The classroom grid as shown (period, percentile or score) as CSV: RFC 4180, UTF-8 with BOM.
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  // An id that cannot be a classroom's is no classroom (the API's 400 for it came back as a 500).
  const classroomId = params.classroomId;
  if (!isUuid(classroomId)) return textResponse("Classroom not found.", 404);
  const api = apiFor(request, context);
  const q = parseResultsQuery(new URL(request.url));
  const { info: classroom, results } = await loadResults(request, api, classroomId, { ...q, dialog: undefined });
  if (results.error || !results.grid) {
    return textResponse(results.error ?? UNABLE_TO_LOAD_CLASSROOM, 500);
  }
  const fileName = `${fileSlug(classroom.name)}_results_${results.grid.period}_${results.grid.mode === "score" ? "score" : "percentile"}.csv`;
  return new Response(UTF8_BOM + toCsv(gridToCsvRows(results.grid)), {
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

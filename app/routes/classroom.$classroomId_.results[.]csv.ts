import type { LoaderFunctionArgs } from "@remix-run/node";
import { fileSlug, toCsv, UTF8_BOM } from "#app/domain/csv";
import { gridToCsvRows } from "#app/domain/results-grid";
import { UNABLE_TO_LOAD_CLASSROOM } from "#app/domain/results-labels";
import { apiFor } from "#app/lib/api.server";
import { requireUser } from "#app/lib/auth.server";
import { loadResults, parseResultsQuery } from "./classroom.$classroomId.server";

// The classroom grid as shown (period, percentile or score) as CSV: RFC 4180, UTF-8 with BOM.
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const api = apiFor(request, context);
  const q = parseResultsQuery(new URL(request.url));
  const { info: classroom, results } = await loadResults(request, api, params.classroomId!, { ...q, dialog: undefined });
  if (results.error || !results.grid) {
    return new Response(results.error ?? UNABLE_TO_LOAD_CLASSROOM, {
      status: 500,
      headers: { "content-type": "text/plain; charset=utf-8" },
    });
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

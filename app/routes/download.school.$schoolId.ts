import type { LoaderFunctionArgs } from "@remix-run/node";
import { isPeriod } from "#app/domain/periods";
import { apiFor } from "#app/lib/api.server";
import { requireUser } from "#app/lib/auth.server";
import { csvDownload } from "#app/lib/csv-download.server";

/** School CSV (spec 001 §7 GET /report/organizationUnit/{id}; optional ?period=), named by the Filename header. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const organizationUnitId = params.schoolId ?? "";
  const period = new URL(request.url).searchParams.get("period");
  const api = apiFor(request, context);
  return csvDownload(
    request,
    api.GET("/report/organizationUnit/{organizationUnitId}", {
      params: { path: { organizationUnitId }, query: isPeriod(period) ? { period } : {} },
      parseAs: "text",
    }),
    `/school/${organizationUnitId}`,
  );
}

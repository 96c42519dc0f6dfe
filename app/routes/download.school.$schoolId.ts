import type { LoaderFunctionArgs } from "@remix-run/node";
import { isPeriod } from "#app/domain/periods";
import { isUuid } from "#app/domain/url-state";
import { apiFor } from "#app/lib/api.server";
import { requireUser } from "#app/lib/auth.server";
import { csvDownload } from "#app/lib/csv-download.server";

/** School CSV (spec 001 §7 GET /report/organizationUnit/{id}; optional ?period=), named by the Filename header. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const organizationUnitId = params.schoolId ?? "";
  const search = new URL(request.url).searchParams;
  const period = search.get("period");
  // ?classroom={id}: that classroom's students, the file named after it (spec 001 §9).
  const classroom = search.get("classroom");
  const api = apiFor(request, context);
  return csvDownload(
    request,
    api.GET("/report/organizationUnit/{organizationUnitId}", {
      params: {
        path: { organizationUnitId },
        query: { ...(isPeriod(period) ? { period } : {}), ...(classroom && isUuid(classroom) ? { participantGroupId: classroom } : {}) },
      },
      parseAs: "text",
    }),
    `/school/${organizationUnitId}`,
  );
}

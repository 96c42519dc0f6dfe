import type { LoaderFunctionArgs } from "@remix-run/node";
import { periodOf } from "#app/domain/url-state";
import { apiFor } from "#app/lib/api.server";
import { requireUser } from "#app/lib/auth.server";
import { csvStreamDownload } from "#app/lib/csv-download.server";

/**
 * The completion report's detail (super admin; GET /report/completion/{id}/csv?timePeriod=), one
 * row per student, streamed as the API writes it and named by its Filename header. ?period= as
 * on the Reports tab (BOY when missing).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const organizationId = params.districtId ?? "";
  const timePeriod = periodOf(new URL(request.url).search);
  const api = apiFor(request, context);
  return csvStreamDownload(
    request,
    api.GET("/report/completion/{organizationId}/csv", { params: { path: { organizationId }, query: { timePeriod } }, parseAs: "stream" }),
    `/district/${organizationId}?tab=reports&period=${timePeriod}`,
  );
}

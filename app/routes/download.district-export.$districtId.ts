import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiFor } from "#app/lib/api.server";
import { requireUser } from "#app/lib/auth.server";
import { csvStreamDownload } from "#app/lib/csv-download.server";

/** District data export (super admin; GET /report/district-data-export/{id}), streamed, named by the Filename header. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const organizationId = params.districtId ?? "";
  const api = apiFor(request, context);
  return csvStreamDownload(
    request,
    api.GET("/report/district-data-export/{organizationId}", { params: { path: { organizationId } }, parseAs: "stream" }),
    `/district/${organizationId}`,
  );
}

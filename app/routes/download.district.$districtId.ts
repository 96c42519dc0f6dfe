import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiFor } from "#app/lib/api.server";
import { requireUser } from "#app/lib/auth.server";
import { csvDownload } from "#app/lib/csv-download.server";

/** District CSV (spec 000 §7 GET /report/organization/{id}), named by the API's Filename header. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const organizationId = params.districtId ?? "";
  const api = apiFor(request, context);
  return csvDownload(
    request,
    api.GET("/report/organization/{organizationId}", { params: { path: { organizationId } }, parseAs: "text" }),
    `/district/${organizationId}`,
  );
}

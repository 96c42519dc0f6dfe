import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiFor } from "#app/lib/api.server";
import { requireUser } from "#app/lib/auth.server";
import { csvStreamDownload } from "#app/lib/csv-download.server";

/** District CSV (spec 000 §7 GET /report/organization/{id}), streamed as the API writes it, named by its Filename header. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const organizationId = params.districtId ?? "";
  const api = apiFor(request, context);
  return csvStreamDownload(
    request,
    api.GET("/report/organization/{organizationId}", { params: { path: { organizationId } }, parseAs: "stream" }),
    `/district/${organizationId}`,
  );
}

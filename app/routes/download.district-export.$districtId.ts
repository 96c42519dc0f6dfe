import type { LoaderFunctionArgs } from "@remix-run/node";
import { csvDownload } from "#app/lib/admin.server";
import { apiFor } from "#app/lib/api.server";
import { requireUser } from "#app/lib/auth.server";

/** District data export (super admin; GET /report/district-data-export/{id}), named by the Filename header. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const id = params.districtId ?? "";
  return csvDownload(request, await apiFor(request), `/report/district-data-export/${encodeURIComponent(id)}`, `/district/${id}`);
}

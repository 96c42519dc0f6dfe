import type { LoaderFunctionArgs } from "@remix-run/node";
import { csvDownload } from "#app/lib/admin.server";
import { apiFor } from "#app/lib/api.server";
import { requireUser } from "#app/lib/auth.server";

/** District CSV (spec 000 §7 GET /report/organization/{id}), named by the API's Filename header. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const id = params.districtId ?? "";
  return csvDownload(request, await apiFor(request), `/report/organization/${encodeURIComponent(id)}`, `/district/${id}`);
}

import type { LoaderFunctionArgs } from "@remix-run/node";
import { isPeriod } from "#app/domain/periods";
import { csvDownload } from "#app/lib/admin.server";
import { apiFor } from "#app/lib/api.server";
import { requireUser } from "#app/lib/auth.server";

/** School CSV (spec 001 §7 GET /report/organizationUnit/{id}; optional ?period=), named by the Filename header. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const id = params.schoolId ?? "";
  const period = new URL(request.url).searchParams.get("period");
  const query = isPeriod(period) ? `?period=${period}` : "";
  return csvDownload(request, await apiFor(request), `/report/organizationUnit/${encodeURIComponent(id)}${query}`, `/school/${id}`);
}

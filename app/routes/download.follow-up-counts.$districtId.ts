import type { LoaderFunctionArgs } from "@remix-run/node";
import { isUuid } from "#app/domain/url-state";
import { apiFor } from "#app/lib/api.server";
import { requireUser } from "#app/lib/auth.server";
import { csvDownload } from "#app/lib/csv-download.server";

/**
 * The annual follow-up counts as CSV (issue 38 item 5): the district's, or with ?schoolId= one
 * school's, for ?academicYear= (default: the current school year). The API decides who may.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const id = params.districtId ?? "";
  const search = new URL(request.url).searchParams;
  const schoolId = search.get("schoolId");
  const academicYear = search.get("academicYear");
  const api = apiFor(request, context);
  return csvDownload(
    request,
    api.GET("/organization/{id}/followUpCounts/csv", {
      params: {
        path: { id },
        query: { ...(academicYear ? { academicYear } : {}), ...(schoolId && isUuid(schoolId) ? { schoolId } : {}) },
      },
      parseAs: "text",
    }),
    schoolId && isUuid(schoolId) ? `/school/${schoolId}/follow-up-counts` : `/district/${id}/follow-up-counts`,
  );
}

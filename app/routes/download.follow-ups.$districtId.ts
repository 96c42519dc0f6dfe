import type { LoaderFunctionArgs } from "@remix-run/node";
import { followUpListApiQuery, parseFollowUpListQuery } from "#app/domain/follow-up-lists";
import { isUuid } from "#app/domain/url-state";
import { apiFor } from "#app/lib/api.server";
import { requireUser } from "#app/lib/auth.server";
import { csvDownload } from "#app/lib/csv-download.server";

/**
 * The Follow-up tab's list as a CSV (issue 38 item 3; GET /organization/{id}/followUps/csv): every
 * row its status filter and search match, in its order. `?schoolId=` a school's list, `?classroomId=` a classroom's. The API
 * decides who may have it; a refusal goes back to the tab with the 'Report not found' toast.
 */
const idOf = (value: string | null) => (value && isUuid(value) ? value : null);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const districtId = params.districtId ?? "";
  const url = new URL(request.url);
  const classroomId = idOf(url.searchParams.get("classroomId"));
  const schoolId = classroomId ? null : idOf(url.searchParams.get("schoolId"));
  const scope = classroomId ? { classroomId } : schoolId ? { schoolId } : {};
  const api = apiFor(request, context);
  return csvDownload(
    request,
    api.GET("/organization/{id}/followUps/csv", {
      params: { path: { id: districtId }, query: { ...followUpListApiQuery(parseFollowUpListQuery(url.search)), ...scope } },
      parseAs: "text",
    }),
    classroomId
      ? `/classroom/${classroomId}/follow-ups`
      : schoolId
        ? `/school/${schoolId}?tab=followUps`
        : `/district/${districtId}?tab=followUps`,
  );
}

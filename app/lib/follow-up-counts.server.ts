import { schoolYearStart } from "#app/domain/screening-calendar";

// The follow-up counts pages' URL state (issue 38 item 5): ?academicYear= from the school-year
// form, and the CSV link that carries the same year and school.

/** The school year asked for; null (the current one) when absent or not a school year, which the page's choice then shows. */
export function countsYearOf(request: Request): string | null {
  const year = new URL(request.url).searchParams.get("academicYear");
  return year !== null && schoolYearStart(year) !== null ? year : null;
}

export function countsCsvHref(districtId: string, academicYear: string, schoolId: string | null): string {
  const query = new URLSearchParams({ academicYear, ...(schoolId ? { schoolId } : {}) });
  return `/download/follow-up-counts/${districtId}?${query}`;
}

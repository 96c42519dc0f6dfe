import type { ComponentProps } from "react";
// From the page kit, so this module shares the pages' one chunk (app/components/page-kit.ts).
import { ErrorAlert } from "#app/components/page-kit";
import { UnitSummary } from "#app/components/results/UnitSummary";

/** The school page's Summary tab (issue 39 item 3), loaded when shown (app/routes/school.$schoolId.tsx). */
export function SummaryTab({
  summary,
  schoolName,
}: {
  summary: { data: ComponentProps<typeof UnitSummary>["data"] | null; error: string | null } | null;
  schoolName: string | undefined;
}) {
  return summary?.data ? (
    <UnitSummary data={summary.data} of={`students of ${schoolName ?? "the school"}`} keep={{ tab: "summary" }} bySchool={false} />
  ) : (
    <ErrorAlert message={summary?.error ?? "Unable to load school data."} />
  );
}

import type { ComponentProps } from "react";
// From the page kit, so this module shares the pages' one chunk (app/components/page-kit.ts).
import { ErrorAlert } from "#app/components/page-kit";
import { UnitSummary } from "#app/components/results/UnitSummary";

/** The district page's Summary tab (issue 39 item 3), loaded when shown (app/routes/district.$districtId.tsx). */
export function SummaryTab({
  summary,
  districtName,
}: {
  summary: { data: ComponentProps<typeof UnitSummary>["data"] | null; error: string | null };
  districtName: string | undefined;
}) {
  return summary.data ? (
    <UnitSummary data={summary.data} of={`students of ${districtName ?? "the district"}`} keep={{ tab: "summary" }} bySchool />
  ) : (
    <ErrorAlert message={summary.error} />
  );
}

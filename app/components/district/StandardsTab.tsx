import type { ComponentProps } from "react";
import { ScreeningStandards } from "#app/components/admin/ScreeningStandards";

/** The district page's Norms and cutoffs tab, loaded when shown (app/routes/district.$districtId.tsx). */
export function StandardsTab({ data }: { data: ComponentProps<typeof ScreeningStandards>["data"] | null }) {
  return data ? <ScreeningStandards data={data} /> : null;
}

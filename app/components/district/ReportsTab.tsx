import type { ComponentProps } from "react";
import { CompletionReport } from "#app/components/admin/CompletionReport";

/** The district page's Reports tab (the completion report), loaded when shown (app/routes/district.$districtId.tsx). */
export function ReportsTab(props: ComponentProps<typeof CompletionReport>) {
  return <CompletionReport {...props} />;
}

import type { ComponentProps } from "react";
import { ScreeningCalendar } from "#app/components/calendar/ScreeningCalendar";

/** The district page's Screening Calendar tab, loaded when shown (app/routes/district.$districtId.tsx). */
export function CalendarTab({ data }: { data: ComponentProps<typeof ScreeningCalendar>["data"] | null }) {
  return data ? <ScreeningCalendar data={data} /> : null;
}

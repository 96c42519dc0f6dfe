import type { ComponentProps } from "react";
import { FollowUpList } from "#app/components/admin/FollowUpList";
// From the page kit, so this module shares the pages' one chunk (app/components/page-kit.ts).
import { ErrorAlert } from "#app/components/page-kit";
import { FOLLOW_UP_LIST_LOAD_FAILED } from "#app/domain/follow-up-lists";

/** The school page's Follow-up tab (issue 38 item 3), loaded when shown (app/routes/school.$schoolId.tsx). */
export function FollowUpTab({ tab }: { tab: ComponentProps<typeof FollowUpList>["tab"] | null }) {
  return tab ? <FollowUpList tab={tab} /> : <ErrorAlert message={FOLLOW_UP_LIST_LOAD_FAILED} />;
}

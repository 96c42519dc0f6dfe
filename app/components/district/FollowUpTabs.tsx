import type { ComponentProps } from "react";
import { FollowUpList } from "#app/components/admin/FollowUpList";
import { FollowUpPolicy } from "#app/components/admin/FollowUpPolicy";

// The district page's two follow-up tabs, loaded when one is shown (app/routes/district.$districtId.tsx).
// One module for both: they share the follow-up rules (app/domain/follow-up-*.ts) with the school,
// classroom and student pages, and apart esbuild would cut those rules into more files for those pages.

type Policy = ComponentProps<typeof FollowUpPolicy>;

/** The Follow-up tab: this school year's follow-ups. */
export function FollowUpsTab({ tab }: { tab: ComponentProps<typeof FollowUpList>["tab"] | null }) {
  return tab ? <FollowUpList tab={tab} /> : null;
}

/** The Follow-up policy tab. */
export function FollowUpPolicyTab({ data, reply }: { data: Policy["data"] | null; reply: Policy["reply"] }) {
  return data ? <FollowUpPolicy data={data} reply={reply} /> : null;
}

// The classroom page reads its grid again only when a save asks it to (issue 40). Its
// shouldRevalidate skips URL changes that touch only the letter dialog, and a save made through
// the browser's queue of saves (app/components/offline/save-queue.ts) is no Remix form post, so
// nothing would tell the page its grid is stale: a save marks it, and the page's next
// shouldRevalidate takes the mark.

let stale = false;

/** The grid changed: the page's next revalidation check says yes. */
export function markGridStale() {
  stale = true;
}

/** Whether a save marked the grid stale since the last check (and clears the mark). */
export function takeGridStale(): boolean {
  const was = stale;
  stale = false;
  return was;
}

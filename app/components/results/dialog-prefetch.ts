// 'Save and next student' on a slow machine (issue 40 item 4): while the teacher scores one
// student, the next student's dialog is read in the background (a fetcher's load of the dialog's
// route, whose clientLoader keeps the answer here), so moving on costs no round trip. The
// answer is used once, and only while fresh: a score someone else saved meanwhile still reaches
// the teacher, as a conflict when the save meets the newer version.

/** How long a read-ahead dialog may wait to be opened. */
const FRESH_MS = 2 * 60_000;

const wanted = new Set<string>();
const kept = new Map<string, { at: number; data: unknown }>();

const keyOf = (url: string) => {
  const u = new URL(url, "http://x");
  u.searchParams.sort();
  return `${u.pathname}?${u.searchParams}`;
};

/** The next load of `href` is a read-ahead: keep its answer for the navigation that follows. */
export function readAhead(href: string) {
  wanted.add(keyOf(href));
}

/** Whether `href`'s dialog has been read ahead and may open without a round trip. */
export function isReadAhead(href: string): boolean {
  const hit = kept.get(keyOf(href));
  return !!hit && Date.now() - hit.at < FRESH_MS;
}

/**
 * The dialog route's clientLoader: a read-ahead load keeps its answer (and a failed one answers
 * null, so a background read never shows an error page); a navigation takes a kept answer once.
 */
export async function dialogData<T>(url: string, serverLoader: () => Promise<T>): Promise<T | null> {
  const key = keyOf(url);
  const now = Date.now();
  for (const [k, v] of kept) if (now - v.at >= FRESH_MS) kept.delete(k);
  if (wanted.delete(key)) {
    try {
      const data = await serverLoader();
      kept.set(key, { at: Date.now(), data });
      return data;
    } catch {
      return null;
    }
  }
  const hit = kept.get(key);
  kept.delete(key);
  return hit ? (hit.data as T) : serverLoader();
}

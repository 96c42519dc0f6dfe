// 'Save and next student' on a slow machine (issue 40 item 4): while the teacher scores one
// student, the next student's dialog is read in the background (a fetcher's load of the dialog's
// route, whose clientLoader keeps the answer here), so moving on costs no round trip. The
// answer is used once, and only while fresh: a score someone else saved meanwhile still reaches
// the teacher, as a conflict when the save meets the newer version.
//
// A read-ahead is told from a navigation by its own URL (READ_AHEAD_PARAM), never by what was
// asked for earlier: a mark kept aside for "the next load of this URL" could be taken by the
// navigation itself when the fetcher's load had not run yet, or was interrupted, and that
// navigation then took the background path, whose failure answers nothing.

/** The query parameter of a read-ahead's load; the server's loader ignores it. */
export const READ_AHEAD_PARAM = "readAhead";
/** How long a read-ahead dialog may wait to be opened. */
const FRESH_MS = 2 * 60_000;

const kept = new Map<string, { at: number; data: unknown }>();

/** The page's URL, without the read-ahead mark, its parameters in one order. */
const keyOf = (url: string) => {
  const u = new URL(url, "http://x");
  u.searchParams.delete(READ_AHEAD_PARAM);
  u.searchParams.sort();
  return `${u.pathname}?${u.searchParams}`;
};

/** The URL a fetcher loads to read `href`'s dialog ahead. */
export function readAheadHref(href: string): string {
  const u = new URL(href, "http://x");
  u.searchParams.set(READ_AHEAD_PARAM, "1");
  return `${u.pathname}?${u.searchParams}`;
}

/** Whether `href`'s dialog has been read ahead and may open without a round trip. */
export function isReadAhead(href: string): boolean {
  const hit = kept.get(keyOf(href));
  return !!hit && Date.now() - hit.at < FRESH_MS;
}

/**
 * The dialog route's clientLoader: a read-ahead load keeps its answer (and a failed one answers
 * null, so a background read never shows an error page); a navigation takes a kept answer once,
 * or asks the server.
 */
export async function dialogData<T>(url: string, serverLoader: () => Promise<T>): Promise<T | null> {
  const key = keyOf(url);
  const now = Date.now();
  for (const [k, v] of kept) if (now - v.at >= FRESH_MS) kept.delete(k);
  if (new URL(url, "http://x").searchParams.has(READ_AHEAD_PARAM)) {
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

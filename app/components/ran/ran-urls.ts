// The scoring views' URL state, shared by the server and the browser: read mode is the plain
// URL; `edit=1` opens the form over a saved score; `blind=1` is a second scorer's blind form,
// on the classroom's blind scoring page only (issue 34 item 7).

export function withSearch(pathname: string, search: string, set: Record<string, string | null>): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(set)) {
    if (value === null) params.delete(key);
    else params.set(key, value);
  }
  const s = params.toString();
  return `${pathname}${s ? `?${s}` : ""}`;
}

export type RanMode = "read" | "edit" | "blind";

export function ranModeOf(search: string): RanMode {
  const params = new URLSearchParams(search);
  if (params.get("blind") === "1") return "blind";
  if (params.get("edit") === "1") return "edit";
  return "read";
}

/** A page's URL (as `resultsHref` gives it) with the RAN scoring dialog open on a test. */
export function ranDialogHref(href: string, testId: string, param = "ranTest"): string {
  // split always yields at least one piece: the pathname is there.
  const [pathname, search = ""] = href.split("?");
  return withSearch(pathname!, search, { dialog: "ran", [param]: testId });
}

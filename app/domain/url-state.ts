import { LIST_PARAMS } from "./paging";
import { first } from "./presence";
import { isPeriod, type Period } from "./periods";
import { sortDirection, type SortDirection } from "./sort";

// Pages check a path id with it before asking the API.
export { isUuid } from "./uuid";

// What an administration page keeps in its URL (spec 000 §2): the tab, the name sort, the open
// dialog and its row, the report period. Links, loaders, actions and the server render all read
// and write it through these functions, so a page opened from a URL, a link, and the redirect
// after a save agree on what the URL means. Pure string work: no React, no I/O.

/**
 * Search params that belong to a dialog and go away when it closes: the dialog, its row, and a
 * Create link's one-time key (`key`, see isDoneCreate).
 */
export const DIALOG_PARAMS = ["dialog", "id", "key"] as const;

/** Params Remix adds to data and form requests; never part of a page's own URL. */
const REMIX_PARAMS = ["_data", "_routes", "index"] as const;

type Search = string | URLSearchParams;

const paramsOf = (search: Search) => new URLSearchParams(search);

const withQuery = (params: URLSearchParams) => {
  const qs = params.toString();
  return qs ? `?${qs}` : "";
};

export type TabItem = { id: string; label: string };

/** The selected tab: `?tab=` when it names one of `tabs`, else the first. */
export function selectedTab<T extends TabItem>(tabs: readonly T[], search: Search, param = "tab"): T {
  const wanted = paramsOf(search).get(param);
  return tabs.find((t) => t.id === wanted) ?? first(tabs, "a tab");
}

/**
 * The search of a tab link: the tab set; the dialog, the list's search, sort and page, and `drop`
 * (params that belong to one tab, e.g. 'period') gone; the rest kept.
 */
export function tabSearch(search: Search, tab: string, { param = "tab", drop = [] }: { param?: string; drop?: readonly string[] } = {}) {
  const params = paramsOf(search);
  // A list's search, sort and page belong to its tab (issue 15).
  for (const key of [...DIALOG_PARAMS, ...LIST_PARAMS, ...drop]) params.delete(key);
  params.set(param, tab);
  return `?${params.toString()}`;
}

/** The name sort of the URL (`?sort=name-desc` or ascending). */
export const sortOf = (search: Search, param = "sort"): SortDirection => sortDirection(paramsOf(search).get(param));

/** The search of the 'Name' header link: the other direction, the rest kept. */
export function toggledSortSearch(search: Search, param = "sort"): string {
  const params = paramsOf(search);
  params.set(param, sortOf(params, param) === "asc" ? "name-desc" : "name-asc");
  return `?${params.toString()}`;
}

/**
 * The open dialog (`?dialog=`), the row it is about (`?id=`) and a Create link's key (`?key=`);
 * empty strings when none.
 */
export function dialogOf(search: Search): { dialog: string; id: string; key: string } {
  const params = paramsOf(search);
  return { dialog: params.get("dialog") ?? "", id: params.get("id") ?? "", key: params.get("key") ?? "" };
}

/**
 * Whether a Create dialog's URL belongs to a create that already succeeded: its link carries a
 * fresh key (`?key=`, also the form's idempotency key), and a successful create remembers its key
 * in the session. Going Back to that URL after the save then does not open an empty dialog
 * again, while someone else's change to the list never closes this user's dialog.
 */
export const isDoneCreate = (key: string, doneKey: string | null | undefined) => key !== "" && key === doneKey;

/** `search` with the dialog params set (and `extra` ones), other params (e.g. tab) kept. */
export function dialogSearch(search: Search, dialog: string, extra: Record<string, string> = {}): string {
  const params = paramsOf(search);
  for (const key of DIALOG_PARAMS) params.delete(key);
  params.set("dialog", dialog);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  return `?${params.toString()}`;
}

/**
 * dialogSearch(search, dialog, { id }) for every row of a list: the rest of the search is read
 * once, not once a row (a page of 50 rows has 100 such links). An id of letters, digits, '-' and
 * '_' (every uuid) needs no encoding; any other takes dialogSearch's own way.
 */
export function rowDialogSearch(search: Search, dialog: string): (id: string) => string {
  const prefix = dialogSearch(search, dialog, { id: "" });
  return (id) => (/^[\w-]*$/.test(id) ? prefix + id : dialogSearch(search, dialog, { id }));
}

/** `search` without the dialog params (and without `alsoRemove`). */
export function closedSearch(search: Search, alsoRemove: readonly string[] = []): string {
  const params = paramsOf(search);
  for (const key of [...DIALOG_PARAMS, ...alsoRemove]) params.delete(key);
  return withQuery(params);
}

/** The page URL of a request without the dialog params: where an action redirects after a save. */
export function closedUrl(requestUrl: string, alsoRemove: readonly string[] = []): string {
  const url = new URL(requestUrl);
  for (const key of REMIX_PARAMS) url.searchParams.delete(key);
  return url.pathname.replace(/\.data$/, "") + closedSearch(url.searchParams, alsoRemove);
}

/** The report period of the URL (`?period=`), else `fallback`. */
export function periodOf(search: Search, fallback: Period = "BOY"): Period {
  const value = paramsOf(search).get("period");
  return isPeriod(value) ? value : fallback;
}

// Lists that scale (issue 15): a list's page, search and sort live in the URL (`?q=`, `?sort=`,
// `?dir=`, `?cursor=`, `?page=`), so they work without JavaScript and can be bookmarked. This
// module reads those params safely (a bad value falls back to its default, never an error),
// builds the links that change one of them while keeping the others, encodes the keyset
// cursors, and formats the count line. Pure string work, shared by the pages and the API.

export const PAGE_SIZE = 50;
/** Offset pages (`?page=`) are bounded: past this one a list is paged by cursor only. */
export const MAX_PAGE = 200;
/** The longest search text kept; longer input is cut. */
export const MAX_QUERY = 100;

export type SortDir = "asc" | "desc";

/** The sort columns of each list; the first is the default. Every sort ends with the row's id. */
export const LIST_SORTS = {
  users: ["name", "email"],
  superAdmins: ["name", "email"],
  schools: ["name"],
  districts: ["name", "state"],
  classrooms: ["name"],
  students: ["name", "code"],
} as const;
export type ListName = keyof typeof LIST_SORTS;
export type SortOf<L extends ListName> = (typeof LIST_SORTS)[L][number];

/** The params a list keeps in the URL; a tab switch drops them (they belong to one list). */
export const LIST_PARAMS = ["q", "sort", "dir", "cursor", "page"] as const;

/**
 * A keyset position: the sort key values of a row (`k`, the id last), whether the page wanted is
 * the one after that row or the one before it (`b`), the index of the wanted page's first row
 * (`i`, for the count line) and the sort it belongs to (`s`, 'name:asc'): a cursor of another
 * sort is ignored.
 */
export type Cursor = { k: string[]; i: number; b: boolean; s: string };

export type ListQuery<S extends string = string> = {
  q: string;
  sort: S;
  dir: SortDir;
  cursor: Cursor | null;
  page: number;
};

type Search = string | URLSearchParams;
const paramsOf = (search: Search) => new URLSearchParams(search);

const sortTag = (sort: string, dir: SortDir) => `${sort}:${dir}`;

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

export function encodeCursor(cursor: Cursor): string {
  return toBase64Url(JSON.stringify(cursor));
}

/** The cursor a `?cursor=` value holds, or null when it is not one (tampered, truncated, too long). */
export function decodeCursor(value: string | null | undefined): Cursor | null {
  if (!value || value.length > 2000) return null;
  const json = fromBase64Url(value);
  if (json === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof parsed !== "object" || parsed === null) return null;
  const { k, i, b, s } = parsed as Record<string, unknown>;
  if (!Array.isArray(k) || k.length === 0 || k.length > 5 || !k.every((v) => typeof v === "string")) return null;
  if (typeof i !== "number" || !Number.isSafeInteger(i) || i < 0) return null;
  if (typeof b !== "boolean" || typeof s !== "string") return null;
  return { k: k as string[], i, b, s };
}

/** Search text as a list uses it: trimmed, inner spaces collapsed, control characters gone, at most MAX_QUERY. */
export function cleanQuery(value: string | null | undefined): string {
  return (value ?? "")
    .replace(/\p{Cc}/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, MAX_QUERY);
}

/** `?page=` as a page number: a whole number from 1 to MAX_PAGE, else 1. */
export function pageNumber(value: string | null | undefined): number {
  if (!value || !/^\d{1,6}$/.test(value)) return 1;
  const n = Number(value);
  return n >= 1 && n <= MAX_PAGE ? n : 1;
}

/**
 * The list state of a URL: bad or foreign values fall back to the defaults (first sort,
 * ascending, first page), never an error. The older `?sort=name-desc` form still reads as
 * name, descending.
 */
export function parseListQuery<S extends string>(search: Search, sorts: readonly [S, ...S[]]): ListQuery<S> {
  const params = paramsOf(search);
  const rawSort = params.get("sort") ?? "";
  const legacy = /^(\w+)-(asc|desc)$/.exec(rawSort);
  const sortName = legacy ? legacy[1]! : rawSort;
  const sort = (sorts as readonly string[]).includes(sortName) ? (sortName as S) : sorts[0];
  const rawDir = params.get("dir") ?? (legacy ? legacy[2] : null);
  const dir: SortDir = rawDir === "desc" ? "desc" : "asc";
  const cursor = decodeCursor(params.get("cursor"));
  return {
    q: cleanQuery(params.get("q")),
    sort,
    dir,
    cursor: cursor && cursor.s === sortTag(sort, dir) ? cursor : null,
    page: pageNumber(params.get("page")),
  };
}

/** The API's query for a list state: only what differs from the defaults. */
export function listApiQuery<S extends string>(query: ListQuery<S>): { q?: string; sort: S; dir: SortDir; cursor?: string; page?: number } {
  return {
    ...(query.q ? { q: query.q } : {}),
    sort: query.sort,
    dir: query.dir,
    ...(query.cursor ? { cursor: encodeCursor(query.cursor) } : {}),
    ...(query.page > 1 && !query.cursor ? { page: query.page } : {}),
  };
}

/** Params of a dialog; a list link closes any open dialog. */
const DIALOG_PARAMS = ["dialog", "id", "key"];

function linkSearch(search: Search, set: Record<string, string | null>): string {
  const params = paramsOf(search);
  for (const key of DIALOG_PARAMS) params.delete(key);
  for (const [key, value] of Object.entries(set)) {
    if (value === null) params.delete(key);
    else params.set(key, value);
  }
  const qs = params.toString();
  return qs ? `?${qs}` : "?";
}

/** The link to a page by its cursor (null: the first page), other params kept. */
export const cursorSearch = (search: Search, cursor: string | null) => linkSearch(search, { cursor, page: null });

/**
 * A sortable column header's link: the other direction when the list is sorted by it, else
 * ascending by it; back to the first page, the search kept.
 */
export function sortSearch(search: Search, current: { sort: string; dir: SortDir }, column: string): string {
  const dir: SortDir = current.sort === column && current.dir === "asc" ? "desc" : "asc";
  return linkSearch(search, { sort: column, dir, cursor: null, page: null });
}

/** A page URL (path and search) with its list searched for `q` from the first page, other params kept. */
export function searchedUrl(url: string, q: string): string {
  const [path, search = ""] = url.split("?");
  return path + linkSearch(search, { q: cleanQuery(q) || null, cursor: null, page: null }).replace(/^\?$/, "");
}

/** The aria-sort of a column header. */
export function ariaSort(current: { sort: string; dir: SortDir }, column: string): "ascending" | "descending" | "none" {
  if (current.sort !== column) return "none";
  return current.dir === "asc" ? "ascending" : "descending";
}

const count = new Intl.NumberFormat("en-US");

/** The count line: '1–50 of 4,200' (an en dash, thousands separators); '0 of 0' for nothing. */
export function formatRange(from: number, to: number, total: number): string {
  if (total <= 0 || to < from || from < 1) return `0 of ${count.format(Math.max(0, total))}`;
  return `${count.format(from)}–${count.format(to)} of ${count.format(total)}`;
}

/** `%`, `_` and `\` taken literally in a LIKE pattern (escape character `\`). */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The LIKE pattern of a search: contains the text, case-insensitive (compare with lower()). */
export const containsPattern = (q: string) => `%${escapeLike(q.toLowerCase())}%`;

/** A cursor for the page after `lastKey` (starting at row index `index`) or before `firstKey`. */
export function nextCursor(lastKey: string[], index: number, sort: string, dir: SortDir): string {
  return encodeCursor({ k: lastKey, i: index, b: false, s: sortTag(sort, dir) });
}
export function prevCursor(firstKey: string[], index: number, sort: string, dir: SortDir): string {
  return encodeCursor({ k: firstKey, i: Math.max(0, index), b: true, s: sortTag(sort, dir) });
}

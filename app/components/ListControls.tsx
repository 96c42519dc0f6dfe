import { Form, Link, useLocation } from "@remix-run/react";
import { ariaSort, cursorSearch, formatRange, LIST_PARAMS, sortSearch, type SortDir } from "#app/domain/paging";
import { DIALOG_PARAMS } from "#app/domain/url-state";

// The controls of a list paged on the server (issue 15): a search form, sortable column headers
// and the pager with its count line. All of them are plain links and a GET form over the URL's
// params (app/domain/paging.ts), so they work without JavaScript and a list's state can be
// bookmarked; with JavaScript Remix turns them into client navigations.

/** A page as the API answers it, without its rows. */
export type PageInfo = { total: number; from: number; to: number; next: string | null; prev: string | null };
/** The list state the page was read with. */
export type ListState = { q: string; sort: string; dir: SortDir };

/**
 * The search form: GET to this page with `q`, the other params of the URL kept as hidden fields
 * (tab, sort), the cursor and page dropped (a new search starts at its first page).
 */
export function ListSearch({ label, q, hint }: { label: string; q: string; hint: string }) {
  const { search } = useLocation();
  const dropped: readonly string[] = [...DIALOG_PARAMS, ...LIST_PARAMS.filter((p) => p !== "sort" && p !== "dir")];
  const kept = [...new URLSearchParams(search)].filter(([key]) => !dropped.includes(key));
  const id = `list-search-${label.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <Form method="get" role="search" aria-label={label} className="list-search" preventScrollReset>
      {kept.map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={value} />
      ))}
      <label htmlFor={id}>{label}</label>
      <input id={id} type="search" name="q" defaultValue={q} maxLength={100} aria-describedby={`${id}-hint`} />
      <span id={`${id}-hint`} className="visually-hidden">
        {hint}
      </span>
      <button type="submit" className="button">
        Search
      </button>
      {q ? (
        <Link to={cursorSearch(withoutQ(search), null)} className="button" preventScrollReset>
          Clear search
        </Link>
      ) : null}
    </Form>
  );
}

const withoutQ = (search: string) => {
  const params = new URLSearchParams(search);
  params.delete("q");
  return params;
};

/** A column header that sorts the list by `column`: a link with aria-sort (the other direction when already sorted by it). */
export function SortHeader({ column, label, state }: { column: string; label: string; state: ListState }) {
  const { search } = useLocation();
  const sorted = ariaSort(state, column);
  const words = sorted === "ascending" ? ", sorted A to Z" : sorted === "descending" ? ", sorted Z to A" : "";
  return (
    <th scope="col" aria-sort={sorted}>
      <Link to={sortSearch(search, state, column)} className="sort-link" preventScrollReset>
        {label}
        <span aria-hidden="true">{sorted === "ascending" ? " ▲" : sorted === "descending" ? " ▼" : ""}</span>
        <span className="visually-hidden">{words}</span>
      </Link>
    </th>
  );
}

/** The count line ('1–50 of 4,200') and the First / Previous / Next links (plain text where there is no such page). */
export function Pager({ page, label }: { page: PageInfo; label: string }) {
  const { search } = useLocation();
  const first = page.prev ? cursorSearch(search, null) : null;
  return (
    <nav className="pager" aria-label={`${label} pages`}>
      <p className="pager__count">{formatRange(page.from, page.to, page.total)}</p>
      <ul className="pager__links">
        <PagerLink to={first} text="First" />
        <PagerLink to={page.prev ? cursorSearch(search, page.prev) : null} text="Previous" />
        <PagerLink to={page.next ? cursorSearch(search, page.next) : null} text="Next" />
      </ul>
    </nav>
  );
}

function PagerLink({ to, text }: { to: string | null; text: string }) {
  return (
    <li>
      {to ? (
        <Link to={to} className="button button--small" rel={text === "Next" ? "next" : text === "Previous" ? "prev" : undefined}>
          {text} <span className="visually-hidden">page</span>
        </Link>
      ) : (
        <span className="button button--small pager__off" aria-disabled="true">
          {text} <span className="visually-hidden">page</span>
        </span>
      )}
    </li>
  );
}

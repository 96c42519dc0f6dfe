import { Form, Link } from "@remix-run/react";
import { Pager, type PageInfo } from "#app/components/ListControls";
import type { ShownAccessRow } from "#app/lib/record-access.server";

// The access log's search and table (issue 41 item 2), shared by a district's log and a student's
// history. The search is a GET form over the URL, so it works without JavaScript and can be
// bookmarked; the pager is the administration lists' (plain links).

type Search = { user: string; from: string | null; to: string | null; errors: { user?: string; from?: string; to?: string } };

/** The search: who (e-mail or id), from, to; each field's problem beside it. */
export function AccessSearchForm({ search, withUser = true }: { search: Search; withUser?: boolean }) {
  const given = Boolean(search.user || search.from || search.to);
  return (
    <Form method="get" role="search" aria-label="Search the access log" className="access-search">
      {withUser ? (
        <SearchField
          name="user"
          label="User"
          hint="An e-mail address, part of one, or a user id."
          defaultValue={search.user}
          error={search.errors.user}
          maxLength={254}
          type="search"
        />
      ) : null}
      <SearchField name="from" label="From (YYYY-MM-DD)" defaultValue={search.from ?? ""} error={search.errors.from} maxLength={10} />
      <SearchField name="to" label="To (YYYY-MM-DD)" defaultValue={search.to ?? ""} error={search.errors.to} maxLength={10} />
      <div className="access-search__actions">
        <button type="submit" className="button button--primary">
          Search
        </button>
        {given ? (
          <Link to="?" className="button">
            Clear search
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

function SearchField(props: {
  name: string;
  label: string;
  hint?: string;
  defaultValue: string;
  error?: string;
  maxLength: number;
  type?: "text" | "search";
}) {
  const id = `access-${props.name}`;
  const describedBy = [props.hint && `${id}-hint`, props.error && `${id}-error`].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? "text"}
        inputMode={props.name === "user" ? undefined : "numeric"}
        autoComplete="off"
        defaultValue={props.defaultValue}
        maxLength={props.maxLength}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy}
      />
      {props.hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {props.hint}
        </p>
      ) : null}
      {props.error ? (
        <p id={`${id}-error`} className="field__error">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

/** One page of reads: When, Who, What, Student or scope, From; then the count line and the pages (one pager: two would be two landmarks of one name). */
export function AccessTable({ rows, page, caption, empty }: { rows: ShownAccessRow[]; page: PageInfo; caption: string; empty: string }) {
  if (rows.length === 0) return <p className="access-empty">{empty}</p>;
  return (
    <>
      <div className="table-wrap">
        <table className="table access-table">
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">What</th>
              <th scope="col">Student or scope</th>
              <th scope="col">From</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <td>
                  <time dateTime={r.whenIso}>{r.when}</time>
                </td>
                <td>
                  {r.who}
                  {r.whoEmail ? <span className="access-table__more">{r.whoEmail}</span> : null}
                </td>
                <td>{r.what}</td>
                <td>{r.subjectHref ? <Link to={r.subjectHref}>{r.subject}</Link> : r.subject}</td>
                <td>
                  {r.from}
                  {r.userAgent ? <span className="access-table__more">{r.userAgent}</span> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={page} label="Access log" />
    </>
  );
}

import { Link, useLocation } from "@remix-run/react";
import clsx from "clsx";
import type { ReactNode } from "react";
import { sortOf, toggledSortSearch } from "#app/domain/url-state";

/**
 * A table cell capped at 10rem with an ellipsis (spec 000 §2). The full text stays in the DOM
 * (screen readers read it all) and shows on hover through `title`.
 */
export function Cell({ text, children, className }: { text: string; children?: ReactNode; className?: string }) {
  return (
    <td className={clsx("cell", className)} title={text}>
      {children ?? text}
    </td>
  );
}

/** A name cell as a row header: the link text is the full name, cut visually at 10rem; `children` (e.g. a chip) after it. */
export function NameCell({ text, href, children }: { text: string; href?: string; children?: ReactNode }) {
  return (
    <th scope="row" className="cell cell--name" title={text}>
      {href ? <Link to={href}>{text}</Link> : text}
      {children ? <> {children}</> : null}
    </th>
  );
}

/**
 * The 'Name' column header: a link that toggles `?sort=name-desc` (rows come sorted by name,
 * spec 000 §2), with aria-sort telling the direction.
 */
export function SortableNameHeader({ label = "Name", param = "sort" }: { label?: string; param?: string }) {
  const { search } = useLocation();
  const direction = sortOf(search, param);
  return (
    <th scope="col" aria-sort={direction === "asc" ? "ascending" : "descending"}>
      <Link to={toggledSortSearch(search, param)} className="sort-link" preventScrollReset replace>
        {label}
        <span aria-hidden="true">{direction === "asc" ? " ▲" : " ▼"}</span>
        <span className="visually-hidden">{direction === "asc" ? ", sorted A to Z" : ", sorted Z to A"}</span>
      </Link>
    </th>
  );
}

/** A table with a caption (visually hidden unless `showCaption`) and the shared table style. */
export function DataTable({ caption, showCaption = false, children }: { caption: string; showCaption?: boolean; children: ReactNode }) {
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className={clsx({ "visually-hidden": !showCaption }) || undefined}>{caption}</caption>
        {children}
      </table>
    </div>
  );
}

/** 'Pending' for a user whose invite is not yet accepted (spec 000 §4). */
export function PendingChip() {
  return <span className="chip chip--pending">Pending</span>;
}

/**
 * A user's schools in the user table: the first name, then a '+N more' chip whose title and
 * hidden text list the others; 'All' for a district admin (spec 000 §2, §6).
 */
export function SchoolsChip({ schools, all }: { schools: readonly { name: string }[]; all?: boolean }) {
  if (all) return <span className="chip">All</span>;
  if (schools.length === 0) return <span className="muted">—</span>;
  const [first, ...rest] = schools;
  const others = rest.map((s) => s.name).join(", ");
  return (
    <span className="schools-chip">
      <span className="schools-chip__first">{first.name}</span>
      {rest.length > 0 ? (
        <span className="chip" title={others}>
          +{rest.length} more<span className="visually-hidden">: {others}</span>
        </span>
      ) : null}
    </span>
  );
}

/** The empty-state text of a table (the spec's words). */
export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="empty-state">{children}</p>;
}

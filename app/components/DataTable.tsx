import { Link, useLocation } from "@remix-run/react";
import clsx from "clsx";
import type { ReactNode, SyntheticEvent } from "react";
import { sortOf, toggledSortSearch } from "#app/domain/url-state";
import { useClientLinkClicks } from "./client-links";

/**
 * A table cell capped at 10rem with an ellipsis (spec 000 §2). The full text stays in the DOM
 * (screen readers read it all) and shows on hover through `title`. The cap is on the content
 * (`.cell__clip`): table layout does not cap a cell's own width.
 */
export function Cell({ text, children, className }: { text: string; children?: ReactNode; className?: string }) {
  return (
    <td className={clsx("cell", className)} title={text}>
      <span className="cell__clip">{children ?? text}</span>
    </td>
  );
}

/**
 * A name cell as a row header: the link text is the full name, cut visually with an ellipsis so
 * the cell stays within 10rem; `children` (e.g. a chip) after it, never cut.
 */
export function NameCell({ text, href, children }: { text: string; href?: string; children?: ReactNode }) {
  return (
    <th scope="row" className="cell cell--name" title={text}>
      <span className="cell__line">
        {href ? (
          // A plain link: the table's one click handler navigates (see DataTable).
          <a href={href} className="cell__clip" data-discover="true">
            {text}
          </a>
        ) : (
          <span className="cell__clip">{text}</span>
        )}
        {children}
      </span>
    </th>
  );
}

/** The cell of a row's actions (Edit, Delete, …): not capped, its buttons are never cut. */
export function ActionsCell({ children }: { children: ReactNode }) {
  return (
    <td className="cell--actions">
      <span className="row-actions">{children}</span>
    </td>
  );
}

/**
 * 'Edit' / 'Delete' of one row: a link that opens the row's dialog over the list, named with the
 * row for screen readers. A plain link (a page of 50 rows has 100 of them): the table's handler
 * navigates, keeping the scroll position, and starts loading the dialog's code (DataTable's
 * `onIntent`). With `page`, a link to a page of the row's own (which opens at its top).
 */
export function RowLink({ href, verb, name, page = false }: { href: string; verb: string; name: string; page?: boolean }) {
  return (
    <a href={href} className="button button--small" aria-label={`${verb} ${name}`} data-keep-scroll={page ? undefined : ""}>
      {verb}
    </a>
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

/**
 * A table with a caption (visually hidden unless `showCaption`) and the shared table style: as
 * wide as its capped columns, in a box of its own that scrolls sideways when the screen is
 * narrower (the page itself never does). The box is focusable so it scrolls by keyboard too, and
 * named as its table (a group, not a region: a page's sections already are its landmarks).
 */
export function DataTable({
  caption,
  showCaption = false,
  onIntent,
  children,
}: {
  caption: string;
  showCaption?: boolean;
  /** Called when the pointer comes over or the focus onto a row's actions (to start loading their dialogs). */
  onIntent?: () => void;
  children: ReactNode;
}) {
  // The rows' links are plain <a> elements (a page of 50 rows has 150): one handler makes their
  // clicks client navigations, keyboard activation included (./client-links.ts).
  const onClick = useClientLinkClicks();
  const intent = onIntent
    ? (event: SyntheticEvent<HTMLElement>) => {
        if ((event.target as Element).closest(".row-actions")) onIntent();
      }
    : undefined;
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scroll box must be reachable by keyboard (axe: scrollable-region-focusable)
    <div className="table-wrap" tabIndex={0} role="group" aria-label={caption}>
      {/* The links themselves are focusable; the table only hears their clicks. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions */}
      <table className="table table--capped" onClick={onClick} onPointerOver={intent} onFocus={intent}>
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
  const [first, ...rest] = schools;
  if (!first) return <span className="muted">—</span>;
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

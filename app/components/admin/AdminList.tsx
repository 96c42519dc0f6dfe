import { useLocation, useNavigate, useRouteLoaderData } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { closedSearch, dialogOf, rowDialogSearch } from "#app/domain/url-state";
import { ActionsCell, Cell, DataTable, EmptyState, NameCell, RowLink, SortableNameHeader } from "../DataTable";
import { ListSearch, Pager, SortHeader, type ListState, type PageInfo } from "../ListControls";
// From the page kit, so a district tab that loads this on its own shares the pages' one chunk (app/components/page-kit.ts).
import { ErrorAlert } from "#app/components/page-kit";
import { DialogLink } from "../DialogLink";
import { useFormReply } from "../form-reply";
import { LazyDeleteDialog } from "./dialogs";

/**
 * A table column after the name: its header and, per row, the cell text (and richer content);
 * `sort` names the server sort its header links to, for a paged list.
 */
export type Column<T> = { header: string; text: (row: T) => string; content?: (row: T) => ReactNode; sort?: string };

/**
 * A list as the loader sends it: the rows, sorted (null when they did not load), and the load
 * failure text; for a list paged on the server (issue 15) also the page (count and cursors) and
 * the state it was read with (search, sort).
 */
export type ListPart<T> = { rows: readonly T[] | null; error: string | null; page?: PageInfo | null; state?: ListState | null };

/**
 * '{first} {last}' of each teacher, for the classroom and student lists' Teachers column. Here, not
 * in ClassroomList: the school page loads each list on its own (app/routes/school.$schoolId.tsx),
 * and the Students tab would otherwise carry the classroom list's code for this line.
 */
export const teacherNames = (people: readonly { firstName: string; lastName: string }[]) =>
  people.map((t) => `${t.firstName} ${t.lastName}`);

/**
 * A row's id (`?id=` of its dialogs) and name: the row header (a link to its page when `href`,
 * `after` it e.g. a chip), which the row actions name too ('Edit {name}').
 */
export type RowHead = { id: string; text: string; href?: string; after?: ReactNode };

/** What changes the rows: the toolbar, Create, the row actions and their dialogs. */
type Management<T> = {
  /** More toolbar links, before Create. */
  toolbar?: ReactNode;
  /** The Create link's label and its dialog, when the user may create. */
  create?: { label: string; dialog: ReactNode } | null;
  /** The row's edit dialog, when the user may edit (adds the Edit link). */
  edit?: ((row: T) => ReactNode) | null;
  /** The row's delete confirmation, when the user may delete (adds the Delete link). */
  remove?: { title: string; name: (row: T) => string; warning?: string } | null;
  /** More row actions, before Edit (e.g. Invite User). */
  rowActions?: (row: T) => ReactNode;
  /** Links to pages of the row's own, after Delete (e.g. a district's records). */
  rowLinks?: (row: T) => readonly { href: string; verb: string }[];
  /** Rows the user may not change (e.g. a peer admin): no actions, and their dialogs do not open. */
  locked?: (row: T) => boolean;
  /** Starts loading the create and edit dialogs' code, on the user's intent (see ./dialogs.ts). */
  preload?: () => void;
};

/**
 * An administration list (spec 000 §2): the load failure, the toolbar with Create, the table
 * sorted by name with each row's Edit / Delete (and e.g. Invite) actions, or its empty state,
 * and the dialogs. Dialogs live in the URL: `?dialog=create-<entity>`, and for a row
 * `?dialog=edit-<entity>&id=…` or `delete-<entity>`, so every step works without JavaScript.
 */
export function AdminList<T>({
  entity,
  list: { rows, error, page, state },
  caption,
  empty,
  row: head,
  columns,
  actionsHeader,
  manage = true,
  search,
  ...management
}: Management<T> & {
  /** A paged list's search field: its label and what it looks in (for screen readers). */
  search?: { label: string; hint: string };
  /** Names the dialogs: 'school' → create-school, edit-school, delete-school. */
  entity: string;
  list: ListPart<T>;
  caption: string;
  /** The empty state text (the spec's words). */
  empty: ReactNode;
  row: (row: T) => RowHead;
  columns: readonly Column<T>[];
  /** A visible header for the actions column (else 'Actions' for screen readers only). */
  actionsHeader?: string;
  /** False: a read-only list, whatever management is given. */
  manage?: boolean;
}) {
  const location = useLocation();
  const current = dialogOf(location.search);
  const { toolbar, create, edit, remove, rowActions, rowLinks, locked, preload: preloadDialogs }: Management<T> = manage ? management : {};
  const preload = () => {
    preloadDialogs?.();
    if (remove) LazyDeleteDialog.preload();
  };
  const hasActions = Boolean(edit || remove || rowActions || rowLinks);
  const paged = page && state ? { page, state } : null;
  // Only the open dialog is rendered, so only its code is loaded.
  const open = rows?.find((row) => head(row).id === current.id && !locked?.(row));
  const opens = (dialog: string) => current.dialog === `${dialog}-${entity}`;
  // The Create link carries a one-time key: Back to its URL after that create succeeded does not
  // open an empty dialog again (isDoneCreate). A failed save's reply keeps the dialog open.
  const root = useRouteLoaderData("root") as { createKey?: string; doneCreate?: boolean } | undefined;
  const createReply = useFormReply((reply) => reply.initialValue?.intent === `create-${entity}`);
  const staleCreate = opens("create") && !createReply && Boolean(root?.doneCreate);
  const navigate = useNavigate();
  const closedHref = location.pathname + closedSearch(location.search);
  const editSearch = rowDialogSearch(location.search, `edit-${entity}`);
  const deleteSearch = rowDialogSearch(location.search, `delete-${entity}`);
  // Query-only hrefs ('?dialog=edit-school&id=…'): the browser resolves them against this page, and
  // a page of 50 rows sends 100 fewer copies of its path.
  const rowDialogHref = (dialog: "edit" | "delete", id: string) => (dialog === "edit" ? editSearch : deleteSearch)(id);
  useEffect(() => {
    // With JavaScript the stale dialog's URL goes too (without, the page shows no dialog under it).
    if (staleCreate) navigate(closedHref, { replace: true, preventScrollReset: true });
  }, [staleCreate, closedHref, navigate]);
  return (
    <>
      <ErrorAlert message={error} />
      {toolbar || create ? (
        <div className="toolbar">
          {toolbar}
          {create ? (
            <DialogLink
              dialog={`create-${entity}`}
              params={root?.createKey ? { key: root.createKey } : undefined}
              className="button button--primary"
              preload={preload}
            >
              {create.label}
            </DialogLink>
          ) : null}
        </div>
      ) : null}
      {paged && search && (paged.page.total > 0 || paged.state.q) ? (
        <ListSearch label={search.label} hint={search.hint} q={paged.state.q} />
      ) : null}
      {rows && rows.length === 0 ? (
        <EmptyState>
          {paged && paged.state.q ? `Nothing matches “${paged.state.q}”.` : paged && paged.page.total > 0 ? "No more rows." : empty}
        </EmptyState>
      ) : null}
      {rows && rows.length > 0 ? (
        <DataTable caption={caption} onIntent={hasActions ? preload : undefined}>
          <thead>
            <tr>
              {paged ? <SortHeader column="name" label="Name" state={paged.state} /> : <SortableNameHeader />}
              {columns.map((c) =>
                paged && c.sort ? (
                  <SortHeader key={c.header} column={c.sort} label={c.header} state={paged.state} />
                ) : (
                  <th key={c.header} scope="col">
                    {c.header}
                  </th>
                ),
              )}
              {hasActions ? <th scope="col">{actionsHeader ?? <span className="visually-hidden">Actions</span>}</th> : null}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const { id, text, href, after } = head(row);
              return (
                <tr key={id}>
                  <NameCell text={text} href={href}>
                    {after}
                  </NameCell>
                  {columns.map((c) => (
                    <Cell key={c.header} text={c.text(row)}>
                      {c.content?.(row)}
                    </Cell>
                  ))}
                  {hasActions ? (
                    <ActionsCell>
                      {locked?.(row) ? null : (
                        <>
                          {rowActions?.(row)}
                          {edit ? <RowLink href={rowDialogHref("edit", id)} verb="Edit" name={text} /> : null}
                          {remove ? <RowLink href={rowDialogHref("delete", id)} verb="Delete" name={text} /> : null}
                          {rowLinks?.(row).map((l) => (
                            <RowLink key={l.href} href={l.href} verb={l.verb} name={text} page />
                          ))}
                        </>
                      )}
                    </ActionsCell>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
        </DataTable>
      ) : null}
      {paged && rows && (paged.page.total > 0 || paged.state.q) ? <Pager page={paged.page} label={caption} /> : null}
      {opens("create") && !staleCreate ? create?.dialog : null}
      {open && opens("edit") ? edit?.(open) : null}
      {open && opens("delete") && remove ? (
        <LazyDeleteDialog
          intent={`delete-${entity}`}
          id={head(open).id}
          title={remove.title}
          name={remove.name(open)}
          warning={remove.warning}
        />
      ) : null}
    </>
  );
}

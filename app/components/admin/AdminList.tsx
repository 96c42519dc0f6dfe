import { useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { dialogOf } from "#app/domain/url-state";
import { Cell, DataTable, EmptyState, NameCell, SortableNameHeader } from "../DataTable";
import { ErrorAlert } from "../ErrorAlert";
import { DialogLink } from "../UrlDialog";
import { DeleteDialog } from "./DeleteDialog";

/** A table column after the name: its header and, per row, the cell text (and richer content). */
export type Column<T> = { header: string; text: (row: T) => string; content?: (row: T) => ReactNode };

/** The name of a row: the row header (a link to its page when `href`), and what the row actions call it. */
export type RowName = { text: string; href?: string; after?: ReactNode };

/**
 * An administration list (spec 000 §2): the load failure, the toolbar with Create, the table
 * sorted by name with each row's Edit / Delete (and e.g. Invite) actions, or its empty state,
 * and the dialogs. Dialogs live in the URL: `?dialog=create-<entity>`, and for a row
 * `?dialog=edit-<entity>&id=…` or `delete-<entity>`, so every step works without JavaScript.
 */
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
};

export function AdminList<T>({
  entity,
  rows,
  error,
  caption,
  empty,
  rowId,
  name,
  columns,
  actionsHeader,
  manage = true,
  ...management
}: Management<T> & {
  /** Names the dialogs: 'school' → create-school, edit-school, delete-school. */
  entity: string;
  /** The rows, sorted; null when they did not load. */
  rows: readonly T[] | null;
  error?: string | null;
  caption: string;
  /** The empty state text (the spec's words). */
  empty: ReactNode;
  rowId: (row: T) => string;
  name: (row: T) => RowName;
  columns: readonly Column<T>[];
  /** A visible header for the actions column (else 'Actions' for screen readers only). */
  actionsHeader?: string;
  /** False: a read-only list, whatever management is given. */
  manage?: boolean;
}) {
  const { id: dialogRow } = dialogOf(useLocation().search);
  const { toolbar, create, edit, remove, rowActions }: Management<T> = manage ? management : {};
  const hasActions = Boolean(edit || remove || rowActions);
  const open = rows?.find((row) => rowId(row) === dialogRow);
  return (
    <>
      <ErrorAlert message={error} />
      {toolbar || create ? (
        <div className="toolbar">
          {toolbar}
          {create ? (
            <DialogLink dialog={`create-${entity}`} className="button button--primary">
              {create.label}
            </DialogLink>
          ) : null}
        </div>
      ) : null}
      {rows && rows.length === 0 ? <EmptyState>{empty}</EmptyState> : null}
      {rows && rows.length > 0 ? (
        <DataTable caption={caption}>
          <thead>
            <tr>
              <SortableNameHeader />
              {columns.map((c) => (
                <th key={c.header} scope="col">
                  {c.header}
                </th>
              ))}
              {hasActions ? <th scope="col">{actionsHeader ?? <span className="visually-hidden">Actions</span>}</th> : null}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const id = rowId(row);
              const rowName = name(row);
              return (
                <tr key={id}>
                  <NameCell text={rowName.text} href={rowName.href}>
                    {rowName.after}
                  </NameCell>
                  {columns.map((c) => (
                    <Cell key={c.header} text={c.text(row)}>
                      {c.content?.(row)}
                    </Cell>
                  ))}
                  {hasActions ? (
                    <td>
                      <span className="row-actions">
                        {rowActions?.(row)}
                        {edit ? <RowLink dialog={`edit-${entity}`} id={id} verb="Edit" name={rowName.text} /> : null}
                        {remove ? <RowLink dialog={`delete-${entity}`} id={id} verb="Delete" name={rowName.text} /> : null}
                      </span>
                    </td>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
        </DataTable>
      ) : null}
      {create?.dialog}
      {open ? (
        <>
          {edit?.(open)}
          {remove ? (
            <DeleteDialog
              intent={`delete-${entity}`}
              id={rowId(open)}
              title={remove.title}
              name={remove.name(open)}
              warning={remove.warning}
            />
          ) : null}
        </>
      ) : null}
    </>
  );
}

/** 'Edit' / 'Delete' of one row: a link that opens the row's dialog, named with the row for screen readers. */
function RowLink({ dialog, id, verb, name }: { dialog: string; id: string; verb: string; name: string }) {
  return (
    <DialogLink dialog={dialog} params={{ id }} className="button button--small" aria-label={`${verb} ${name}`}>
      {verb}
    </DialogLink>
  );
}

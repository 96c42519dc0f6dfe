/**
 * A table row's cells as one HTML string, for long lists whose rows hold only text and links.
 *
 * React's server renderer writes every tag, attribute and text of a row as a piece of its own: a
 * list row of a name link and two action links cost about 30 µs to render, and a page of 40
 * schools took 1.2 ms longer than one of 2 (the District Schools tab, 20k ÷ 1k students, issue
 * 15). As one string a row is one piece, and in the browser one element to hydrate, not nine. The
 * markup is the same as the React cells' (DataTable.tsx), which row-html.test.ts checks, so the
 * page, its styles and its tests do not change. Every text and attribute value goes through
 * escapeHtml, as React escapes them.
 */

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };
const NOT_AMPERSAND = /[<>"']/;

/**
 * Text safe in an element and in a quoted attribute value (React's escaping). Every row's dialog
 * links hold an '&' and nothing else to escape: replaceAll does those in half the time of a
 * replace with a callback per match (5 µs a row of the District Schools tab, profile of 2026-11-26).
 */
export function escapeHtml(text: string): string {
  if (NOT_AMPERSAND.test(text)) return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
  return text.includes("&") ? text.replaceAll("&", "&amp;") : text;
}

/** NameCell (DataTable.tsx) without children: the row header, its link cut with an ellipsis. */
export function nameCellHtml(text: string, href?: string): string {
  const t = escapeHtml(text);
  const name = href
    ? `<a href="${escapeHtml(href)}" class="cell__clip" data-discover="true">${t}</a>`
    : `<span class="cell__clip">${t}</span>`;
  return `<th scope="row" class="cell cell--name" title="${t}"><span class="cell__line">${name}</span></th>`;
}

/** Cell (DataTable.tsx) without children: a text cell capped at 10rem. */
export function cellHtml(text: string): string {
  const t = escapeHtml(text);
  return `<td class="cell" title="${t}"><span class="cell__clip">${t}</span></td>`;
}

/** A plain cell (e.g. a number, with class "num"). */
export const plainCellHtml = (text: string | number, className?: string) =>
  `<td${className ? ` class="${escapeHtml(className)}"` : ""}>${escapeHtml(String(text))}</td>`;

/** A plain row header (e.g. a grade). */
export const plainRowHeaderHtml = (text: string) => `<th scope="row">${escapeHtml(text)}</th>`;

/** RowLink (AdminList.tsx): 'Edit' / 'Delete' of a row, opening its dialog over the list; `page`: a link to a page of the row's own. */
export const rowLinkHtml = (href: string, verb: string, name: string, page = false) =>
  `<a href="${escapeHtml(href)}" class="button button--small" aria-label="${escapeHtml(`${verb} ${name}`)}"${page ? "" : ' data-keep-scroll=""'}>${escapeHtml(verb)}</a>`;

/** ActionsCell (DataTable.tsx) around row links already in HTML. */
export const actionsCellHtml = (linksHtml: string) => `<td class="cell--actions"><span class="row-actions">${linksHtml}</span></td>`;

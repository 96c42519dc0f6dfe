import { createElement as h, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ActionsCell, Cell, NameCell, RowLink } from "./DataTable";
import { actionsCellHtml, cellHtml, escapeHtml, nameCellHtml, plainCellHtml, plainRowHeaderHtml, rowLinkHtml } from "./row-html";

// The string rows must be the React cells' markup exactly: the page, its styles and its tests see
// no difference. A row is rendered inside <table><tbody><tr> (React's own nesting rules).
const cells = (...children: ReactElement[]) =>
  renderToStaticMarkup(h("table", null, h("tbody", null, h("tr", null, ...children)))).replace(
    /^<table><tbody><tr>|<\/tr><\/tbody><\/table>$/g,
    "",
  );

const NASTY = `Ada & "Bo" <O'Neil> École`;

describe("row-html", () => {
  it.each([
    ["plain", "Maple Elementary", "Maple Elementary"],
    ["markup and quotes", NASTY, "Ada &amp; &quot;Bo&quot; &lt;O&#x27;Neil&gt; École"],
    ["an entity stays text", "&amp;", "&amp;amp;"],
  ])("escapes %s as React does", (_, text, html) => {
    expect(escapeHtml(text)).toBe(html);
    expect(renderToStaticMarkup(h("span", { title: text }, text))).toBe(`<span title="${html}">${html}</span>`);
  });

  it.each([
    ["a name link", "Maple Elementary", "/school/6d1c1d52-1111-4d2b-9c7e-0a4a2b3c4d5e"],
    ["a name without a page", "Room 4", undefined],
    ["a name to escape", NASTY, '/school/x?a=1&b="2"'],
  ])("nameCellHtml is NameCell: %s", (_, text, href) => {
    expect(nameCellHtml(text, href)).toBe(cells(h(NameCell, { text, href })));
  });

  it.each([["Washington"], [NASTY], [""]])("cellHtml is Cell: %j", (text) => {
    expect(cellHtml(text)).toBe(cells(h(Cell, { text })));
  });

  it("rowLinkHtml in actionsCellHtml is RowLink in ActionsCell", () => {
    const href = "/district/d?tab=schools&dialog=edit-school&id=s";
    expect(actionsCellHtml(rowLinkHtml(href, "Edit", NASTY) + rowLinkHtml(href, "Delete", NASTY))).toBe(
      cells(h(ActionsCell, null, h(RowLink, { href, verb: "Edit", name: NASTY }), h(RowLink, { href, verb: "Delete", name: NASTY }))),
    );
    expect(actionsCellHtml("")).toBe(cells(h(ActionsCell, null, null)));
  });

  it("rowLinkHtml of a page link is RowLink with page: no kept scroll", () => {
    const href = "/district/d/records";
    const html = rowLinkHtml(href, "Delete for good", NASTY, true);
    expect(html).toBe(cells(h(RowLink, { href, verb: "Delete for good", name: NASTY, page: true })));
    expect(html).not.toContain("data-keep-scroll");
  });

  it("writes the report's plain cells", () => {
    expect(plainRowHeaderHtml("Kindergarten") + plainCellHtml(12, "num") + plainCellHtml("50%", "num")).toBe(
      cells(h("th", { scope: "row" }, "Kindergarten"), h("td", { className: "num" }, 12), h("td", { className: "num" }, "50%")),
    );
  });
});

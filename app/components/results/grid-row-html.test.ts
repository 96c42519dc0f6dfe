import { describe, expect, it } from "vitest";
import type { ProfileCell, ShownCell, ShownGrid } from "#app/domain/results-grid";
import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { escapeHtml, gridRowHtml, lettersToWorkOnHtml, rowFlags } from "./grid-row-html";

// The grid's markup, cell state by cell state: the grid's styles (cell--*, band--*, tone--*), its
// column highlight (data-col), the words a screen reader hears and the dialog links all read it.
type Row = ShownGrid["rows"][number];

const cell = (over: Partial<ShownCell>): ShownCell => ({
  testCode: "letter-names",
  state: "complete",
  text: "",
  label: "",
  band: null,
  grayedOut: false,
  letterAction: null,
  ...over,
});
const profile = (over: Partial<ProfileCell>): ProfileCell => ({
  kind: "dyslexia",
  state: "complete",
  text: "",
  qualifier: "",
  tone: "ok",
  ...over,
});
const row = (over: Partial<Row>): Row => ({
  participantId: "p1",
  name: "Okafor, Zoë",
  grade: "K",
  gradeLabel: "K",
  profile: [],
  cells: [],
  sources: [],
  ...over,
});
const noLinks = { letterHref: () => null };
/** The test cells' markup of a row with one cell at column 0. */
const testCell = (c: ShownCell, links: Parameters<typeof gridRowHtml>[2] = noLinks) =>
  gridRowHtml(row({ cells: [c] }), 0, links).replace(/^.*?<\/td>/, "");

describe("escapeHtml", () => {
  it.each([
    ["plain", "Maple Elementary", "Maple Elementary"],
    ["markup and quotes", `Ada & "Bo" <O'Neil> École`, "Ada &amp; &quot;Bo&quot; &lt;O&#x27;Neil&gt; École"],
    ["an entity stays text", "&amp;", "&amp;amp;"],
  ])("escapes %s as React does", (_, text, html) => {
    expect(escapeHtml(text)).toBe(html);
    expect(renderToStaticMarkup(h("span", { title: text }, text))).toBe(`<span title="${html}">${html}</span>`);
  });
});

describe("gridRowHtml", () => {
  it("writes the name, with the student's link, and the grade", () => {
    expect(gridRowHtml(row({ name: `Ada & "Bo" <O'Neil>` }), 0, noLinks)).toBe(
      '<th scope="row" class="results-grid__name"><a href="/student/p1" data-discover="true">Ada &amp; &quot;Bo&quot; &lt;O&#x27;Neil&gt;</a></th>' +
        '<td class="results-grid__grade">K</td>',
    );
  });

  it("marks a student whose family notice is overdue or due, in words, linking to the follow-up (issue 38)", () => {
    const links = {
      ...noLinks,
      noticeMark: (id: string) =>
        id === "p1" ? { text: "Notice overdue", overdue: true, href: `/student/${id}/follow-up?a=1&b=2` } : null,
    };
    expect(gridRowHtml(row({ name: `Ada & <Bo>` }), 0, links)).toBe(
      '<th scope="row" class="results-grid__name"><a href="/student/p1" data-discover="true">Ada &amp; &lt;Bo&gt;</a>' +
        ' <a href="/student/p1/follow-up?a=1&amp;b=2" class="notice-mark notice-mark--overdue" data-discover="true">Notice overdue' +
        '<span class="visually-hidden"> – follow-up of Ada &amp; &lt;Bo&gt;</span></a></th>' +
        '<td class="results-grid__grade">K</td>',
    );
    expect(gridRowHtml(row({ participantId: "p2" }), 0, links)).not.toContain("notice-mark");
  });

  it("badges a row with risk flags, in words for a screen reader", () => {
    const flagged = row({
      profile: [profile({ kind: "dyslexia", tone: "risk", text: "At Risk" }), profile({ kind: "pwr", tone: "risk", text: "Low" })],
    });
    expect(rowFlags(flagged)).toEqual(["Risk Flag", "Potential For Word Reading"]);
    expect(gridRowHtml(flagged, 2, noLinks)).toContain(
      '<span class="flag-badge" title="Flagged: Risk Flag, Potential For Word Reading"><span aria-hidden="true">⚑</span>' +
        '<span class="visually-hidden">Flagged (Risk Flag, Potential For Word Reading):</span></span><a href="/student/p1"',
    );
    expect(rowFlags(row({ profile: [profile({ tone: "moderate" })] }))).toEqual([]);
  });

  it.each<[string, ProfileCell, string]>([
    [
      "not applicable",
      profile({ state: "not-applicable" }),
      '<td data-col="0" class="cell profile-cell cell--not-applicable"><span aria-hidden="true">—</span><span class="visually-hidden">Not applicable</span></td>',
    ],
    ["empty", profile({ state: "empty", text: "Not started" }), '<td data-col="0" class="cell profile-cell cell--empty">Not started</td>'],
    [
      "complete with a qualifier",
      profile({ text: "At Risk", qualifier: "72%", tone: "risk" }),
      '<td data-col="0" class="cell profile-cell cell--profile tone--risk"><span class="cell__value">At Risk</span><span class="cell__qualifier">72%</span></td>',
    ],
    [
      "complete without one",
      profile({ text: "Ready", tone: "ok" }),
      '<td data-col="0" class="cell profile-cell cell--profile tone--ok"><span class="cell__value">Ready</span></td>',
    ],
  ])("profile cell: %s", (_, p, html) => {
    const cells = gridRowHtml(row({ profile: [p] }), 1, noLinks);
    expect(cells.slice(cells.indexOf('<td data-col="0"'))).toBe(html);
  });

  it.each<[string, ShownCell, string]>([
    ["not started", cell({ state: "empty", text: "" }), '<td data-col="0" class="cell cell--empty"></td>'],
    ["in progress", cell({ state: "incomplete", text: "In progress" }), '<td data-col="0" class="cell cell--incomplete">In progress</td>'],
    [
      "not applicable",
      cell({ state: "not-applicable", label: "N/A" }),
      '<td data-col="0" class="cell cell--not-applicable"><span aria-hidden="true">—</span><span class="visually-hidden">N/A</span></td>',
    ],
    [
      "invalid",
      cell({ state: "invalid", text: "N/A", label: "Invalid (N/A)" }),
      '<td data-col="0" class="cell cell--invalid"><span aria-hidden="true">N/A</span><span class="visually-hidden">Invalid (N/A)</span></td>',
    ],
    [
      "grayed out",
      cell({ grayedOut: true, text: "40%", label: "Not shown for this grade" }),
      '<td data-col="0" class="cell cell--complete cell--grayed"><span aria-hidden="true">—</span><span class="visually-hidden">Not shown for this grade</span></td>',
    ],
    [
      "a percentile well below benchmark",
      cell({ text: "9th", label: "9th", band: "well-below" }),
      '<td data-col="0" class="cell cell--complete band--well-below"><span class="cell__value">9th</span><span class="cell__mark" aria-hidden="true">▼▼</span><span class="visually-hidden">, Well Below Benchmark</span></td>',
    ],
    [
      "a percentile at benchmark (no mark)",
      cell({ text: "62nd", label: "62nd", band: "at-or-above" }),
      '<td data-col="0" class="cell cell--complete band--at-or-above"><span class="cell__value">62nd</span><span class="visually-hidden">, At or Above Benchmark</span></td>',
    ],
    [
      "a score whose words differ from its text",
      cell({ text: "17", label: "17 correct" }),
      '<td data-col="0" class="cell cell--complete"><span class="cell__value">17</span><span class="visually-hidden"> (17 correct)</span></td>',
    ],
    [
      "a score that says it all",
      cell({ text: "17", label: "17" }),
      '<td data-col="0" class="cell cell--complete"><span class="cell__value">17</span></td>',
    ],
    [
      "hand-scored",
      cell({ handScore: "12/26", text: "No percentile", label: "Hand scored" }),
      '<td data-col="0" class="cell cell--complete"><span class="cell__value">12/26</span><span class="cell__qualifier">No percentile</span><span class="visually-hidden"> (Hand scored)</span></td>',
    ],
    [
      "a scored RAN without norms: its seconds and errors, and why there is no percentile (issue 34 item 4)",
      cell({ text: "41 s, 2 errors", label: "41 s, 2 errors, No norms configured", band: null, note: "No norms configured" }),
      '<td data-col="0" class="cell cell--complete"><span class="cell__value">41 s, 2 errors</span><span class="cell__qualifier">No norms configured</span></td>',
    ],
    [
      "a theta under its configured cutoff: 'Needs Support' with the ▼ the student page and family report draw",
      cell({ text: "Needs Support", label: "Needs Support" }),
      '<td data-col="0" class="cell cell--complete"><span class="cell__value">Needs Support</span><span class="cell__mark" aria-hidden="true">▼</span></td>',
    ],
    [
      "a theta at or above its cutoff: 'On Track', no mark",
      cell({ text: "On Track", label: "On Track" }),
      '<td data-col="0" class="cell cell--complete"><span class="cell__value">On Track</span></td>',
    ],
  ])("test cell: %s", (_, c, html) => {
    expect(testCell(c)).toBe(html);
  });

  it("links a letter cell to its dialog, saying what it opens", () => {
    const letters = { letterHref: (id: string, c: ShownCell) => (c.letterAction ? `/classroom/c/letters?student=${id}&a=1&b=2` : null) };
    expect(testCell(cell({ state: "empty", letterAction: "edit" }), letters)).toBe(
      '<td data-col="0" class="cell cell--empty"><a href="/classroom/c/letters?student=p1&amp;a=1&amp;b=2" class="cell__action" title="Enter letter scores for Okafor, Zoë" data-discover="true">' +
        '<span class="visually-hidden"> – enter letter scores for Okafor, Zoë</span></a></td>',
    );
    expect(testCell(cell({ text: "20", label: "20", letterAction: "view" }), letters)).toContain(
      'title="View letter scores for Okafor, Zoë" data-discover="true"><span class="cell__value">20</span><span class="visually-hidden"> – view letter scores for Okafor, Zoë</span></a>',
    );
  });

  it("writes a letter cell's letters to work on under its score: a few and '+N', all of them in words (issue 40 item 3)", () => {
    const links = {
      letterHref: () => "/letters",
      lettersToWorkOn: (id: string, c: ShownCell) =>
        id === "p1" && c.testCode === "letter-names" ? ["B", "D", "F", "G", "H", "J", "Q"] : null,
    };
    expect(testCell(cell({ text: "19", label: "19", letterAction: "view" }), links)).toBe(
      '<td data-col="0" class="cell cell--complete cell--letters"><a href="/letters" class="cell__action" title="View letter scores for Okafor, Zoë" data-discover="true">' +
        '<span class="cell__value">19</span><span class="visually-hidden"> – view letter scores for Okafor, Zoë</span></a>' +
        '<span class="cell__letters" title="Letters to work on: B, D, F, G, H, J, Q"><span aria-hidden="true">B D F G H +2</span>' +
        '<span class="visually-hidden">Letters to work on: B, D, F, G, H, J, Q</span></span></td>',
    );
    // None missed, or no letters for the cell: nothing is added.
    expect(testCell(cell({ testCode: "letter-sounds", text: "29", label: "29" }), { ...links, letterHref: () => null })).toBe(
      '<td data-col="0" class="cell cell--complete"><span class="cell__value">29</span></td>',
    );
    expect(testCell(cell({ text: "26", label: "26" }), { letterHref: () => null, lettersToWorkOn: () => [] })).toBe(
      '<td data-col="0" class="cell cell--complete"><span class="cell__value">26</span></td>',
    );
  });

  it("writes no letters where the cell does not show its score (grayed out, not finished)", () => {
    const links = { letterHref: () => null, lettersToWorkOn: () => ["B"] };
    expect(testCell(cell({ grayedOut: true, text: "19", label: "Not shown for this grade" }), links)).not.toContain("cell__letters");
    expect(testCell(cell({ state: "incomplete", text: "In progress" }), links)).not.toContain("cell__letters");
    expect(testCell(cell({ text: "19", label: "19" }), links)).toContain("cell__letters");
  });

  it("escapes the letters it is given", () => {
    expect(lettersToWorkOnHtml(["<b>", "A&B"])).toBe(
      '<span class="cell__letters" title="Letters to work on: &lt;b&gt;, A&amp;B"><span aria-hidden="true">&lt;b&gt; A&amp;B</span>' +
        '<span class="visually-hidden">Letters to work on: &lt;b&gt;, A&amp;B</span></span>',
    );
  });

  it("links a RAN cell to its scoring dialog, before any letter link", () => {
    const links = { letterHref: () => "/letters", ranHref: (c: ShownCell) => (c.ranTestId ? `?dialog=ran&ranTest=${c.ranTestId}` : null) };
    expect(testCell(cell({ testCode: "letter-ran", state: "needs-scoring", text: "Needs scoring", ranTestId: "t9" }), links)).toBe(
      '<td data-col="0" class="cell cell--needs-scoring"><a href="?dialog=ran&amp;ranTest=t9" class="cell__action" title="Score RAN for Okafor, Zoë" data-discover="true">' +
        'Needs scoring<span class="visually-hidden"> – score RAN for Okafor, Zoë</span></a></td>',
    );
    expect(testCell(cell({ testCode: "letter-ran", text: "41", label: "41", ranTestId: "t9" }), links)).toContain(
      'title="View RAN scoring for Okafor, Zoë"',
    );
  });

  it("numbers the test columns after the profile's", () => {
    const html = gridRowHtml(
      row({ profile: [profile({}), profile({ kind: "pwr" })], cells: [cell({}), cell({ testCode: "letter-ran" })] }),
      2,
      noLinks,
    );
    expect([...html.matchAll(/data-col="(\d+)"/g)].map((m) => m[1])).toEqual(["0", "1", "2", "3"]);
  });
});

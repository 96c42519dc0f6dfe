import type { LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gridRowHtml } from "#app/components/results/grid-row-html";
import type { DbHandle } from "#app/db/connect.server";
import { ASSESSMENTS, defaultGradeAssessments, type TestCode } from "#app/domain/assessments";
import { PROFICIENCY_LABELS } from "#app/domain/display-rules";
import { CORRECT_ITEMS_THRESHOLD, MET_EXPECTATIONS_TEXT, NONE_COMPLETE_TEXT } from "#app/domain/next-steps";
import { unpackGrid, type PackedGrid } from "#app/domain/packed-grid";
import { PERIODS, type Period } from "#app/domain/periods";
import { csvCellText, SOURCES_COLUMN, type ProfileCell, type ShownCell, type ShownGrid } from "#app/domain/results-grid";
import { flagMark } from "#app/domain/results-labels";
import {
  ABILITY_CUTOFF_ROWS,
  NO_CUTOFF_TEXT,
  RAN_NORM_ROWS,
  sourceNoteText,
  type SourceNote,
  type StandardKind,
} from "#app/domain/screening-standards";
import type { SubtestCell } from "#app/domain/student-profile";
import { familyReportMessages, FAMILY_REPORT_LANGS, type FamilyReportLang } from "#app/i18n/family-report/index.server";
import type { FamilyReportRowView, FamilyReportView } from "#app/i18n/family-report/view";
import { setApiAppForTests } from "#app/lib/api-app.server";
import { commitSession, getSession } from "#app/lib/session.server";
import { loader as classroomLoader } from "#app/routes/classroom.$classroomId";
import { loader as familyReportsLoader } from "#app/routes/classroom.$classroomId_.family-reports";
import { loader as resultsCsvLoader } from "#app/routes/classroom.$classroomId_.results[.]csv";
import { loader as studentLoader } from "#app/routes/student.$studentId";
import { DEMO_PASSWORD, seedDemo } from "../../scripts/seed/demo";
import { demoRanSeconds } from "../../scripts/seed/ran-times";
import { createTestApi, useTempDataDir, type TestApi } from "./support/test-api";
import { createTestDb } from "./support/test-db";

// Issue 34, "What it must show": over every student, period and subtest of the seeded demo
// district, what the pages say about a subtest agrees wherever it is said. Everything is read the
// way the pages read it: the route loaders of the classroom grid, its CSV export, the student
// page and the classroom's family reports, in process, over the real API on a test database.
// For each student, period and subtest the test compares independent renderings:
// - the classroom grid's cell (GET /participantGroups/{id}/results, as the page unpacks it and as
//   gridRowHtml draws it: colour class and ▼/▼▼), its classroom CSV text,
// - the student page's cell (GET /participants/profile/{id}, buildStudentResults), its 'Why
//   flagged' and the period's Next Steps,
// - the family report, English and Spanish, of the classroom's bulk print (GET
//   /participants/participantGroup/{id}) and, for the current period, of the student page.
// It asserts agreement between them, never a text of today, so it holds while norms, cutoffs,
// units and wordings change: a flag (▼, ▼▼, also beside 'Needs Support') is counted from what each
// one shows, numbers are compared as numbers, states through the report's own catalogue.
// The demo district configures no norms or cutoffs; a last run configures all three kinds through
// the API (RAN norms, prekindergarten risk cutoffs, theta cutoffs for K and grade 3) so that the
// figures built from them are compared too, and each must name its source on the student page,
// in 'Why flagged', in the family report's key and in the CSV's last column.

const dataDir = useTempDataDir();
let handle: DbHandle;
let t: TestApi;
let cookie: string;
let token: string;
let districtId: string;

/**
 * The display-rule flags the pages are read under: none, then each flag that changes a rule. The
 * flags change only rules in app/domain, not what the database answers, so PostgreSQL reads the
 * district once, without flags, and PGlite under every set.
 */
const FLAG_SETS: readonly string[] =
  process.env.TEST_DB_ENGINE === "postgres" ? [""] : ["", "rer-kindergarten", "gr-3-internal-testing-display-rules"];

beforeAll(async () => {
  process.env.SESSION_SECRET ??= "results-consistency-secret";
  // The UI's flags follow the x-feature-flags header, as the API's do (createTestApi allows it).
  process.env.ALLOW_FLAG_OVERRIDE = "1";
  // Seeding commits some 5,000 transactions; on PostgreSQL each waited for its own disk flush (a
  // minute on a busy machine). The throwaway database needs no durability: commits return at once.
  if (process.env.TEST_DB_ENGINE === "postgres") process.env.PGOPTIONS = "-c synchronous_commit=off";
  handle = await createTestDb();
  const today = new Date();
  t = createTestApi(handle.db);
  t.clock.now = today;
  setApiAppForTests(t.api, t.deps);
  const started = Date.now();
  ({ districtId } = await seedDemo(handle.db, today));
  console.info(`[results-consistency] demo district seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const session = await getSession(new Request("http://localhost/"));
  token = await t.login("district.admin@demo.example", DEMO_PASSWORD);
  session.set("token", token);
  cookie = (await commitSession(session)).split(";")[0]!;
}, 240_000);

afterAll(async () => {
  delete process.env.ALLOW_FLAG_OVERRIDE;
  delete process.env.PGOPTIONS;
  await handle?.close();
  dataDir.cleanup();
});

// ── Reading the pages ───────────────────────────────────────────────────────────────────────

type Loader = (args: LoaderFunctionArgs) => Promise<unknown>;

async function load<T>(loader: Loader, path: string, params: Record<string, string>, flags: string): Promise<T> {
  const request = new Request(`http://localhost${path}`, { headers: { cookie, "x-feature-flags": flags } });
  const out = await loader({ request, params, context: {} });
  return out as T;
}

type ClassroomPage = { results: { error: string | null; period: Period | null; periods: { name: Period }[]; grid: PackedGrid | null } };
type StudentPage = Extract<Awaited<ReturnType<typeof studentLoader>>, { state: "ready" }>;
type FamilyReportsPage = { error: string | null; period: Period | null; reports: FamilyReportView[] };

/** RFC 4180, as toCsv writes it. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = "";
  };
  const endRow = () => {
    endField();
    rows.push(row);
    row = [];
  };
  for (let i = text.startsWith("\uFEFF") ? 1 : 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") endField();
    else if (ch === "\r" || ch === "\n") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      endRow();
    } else field += ch;
  }
  if (field !== "" || row.length > 0) endRow();
  return rows;
}

// ── What each rendering says ────────────────────────────────────────────────────────────────

const ARROW = "▼";
const arrows = (mark: string | null | undefined) => [...(mark ?? "")].filter((c) => c === ARROW).length;
/** The numbers a text shows, in order: '35th' → [35], '12/26' → [12, 26]. */
const numbers = (text: string | null | undefined) => (text ?? "").match(/\d+(?:[.,]\d+)?/g)?.map((n) => Number(n.replace(",", "."))) ?? [];
const same = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((n, i) => n === b[i]);

/** A finished, reported score: the cells Next Steps, 'Why flagged' and the family report judge. */
const shownScore = (c: Pick<ShownCell, "state" | "grayedOut">) => c.state === "complete" && !c.grayedOut;
/** The proficiency verdict a cell shows in words: a theta against its configured cutoff. */
const needsSupport = (c: Pick<ShownCell, "text">) => c.text === PROFICIENCY_LABELS.notOnTrack;
const verdict = (c: Pick<ShownCell, "text">) => Object.values(PROFICIENCY_LABELS).includes(c.text as never);
/** How far below benchmark a student-page cell shows itself: the ▼ marks SubtestResults draws (flagMark). */
const profileFlag = (c: SubtestCell) => (shownScore(c) ? arrows(flagMark(c)) : 0);
const shownWithMark = (c: SubtestCell) => `${c.text}${flagMark(c)}`;
/** A cell the advice can read: a band, a proficiency verdict, or a hand-entered count. */
const judged = (c: ShownCell) => shownScore(c) && (c.band !== null || verdict(c) || c.handScore !== undefined);
/** The correct items of a hand-entered letter test ('12/26' → 12). */
const handCount = (c: ShownCell) => (c.handScore === undefined ? null : (numbers(c.handScore)[0] ?? null));

type Drawn = { classes: string[]; mark: string };
const TEST_OFFSET = 1000;

/** The grid row as the classroom page draws it (gridRowHtml): each test cell's classes and ▼ mark. */
function drawnCells(row: ShownGrid["rows"][number]): Drawn[] {
  const html = gridRowHtml(row, TEST_OFFSET, { letterHref: () => null, ranHref: () => null });
  const drawn: Drawn[] = [];
  for (const [, attributes, content] of html.matchAll(/<td\b([^>]*)>(.*?)<\/td>/g)) {
    const col = Number(/\bdata-col="(\d+)"/.exec(attributes!)?.[1] ?? -1);
    if (col < TEST_OFFSET) continue;
    drawn[col - TEST_OFFSET] = {
      classes: (/\bclass="([^"]*)"/.exec(attributes!)?.[1] ?? "").split(/\s+/),
      mark: /<span class="cell__mark"[^>]*>([^<]*)<\/span>/.exec(content!)?.[1] ?? "",
    };
  }
  return drawn;
}
const bandClass = (d: Drawn) => d.classes.find((c) => c.startsWith("band--"))?.slice("band--".length) ?? null;

/** A family report's row of a subtest: its state (read back through the catalogue), flag and numbers. */
function reportReading(row: FamilyReportRowView, lang: FamilyReportLang) {
  const m = familyReportMessages(lang);
  const cell = row.cell;
  if (cell.kind === "status") {
    const status = (Object.keys(m.statuses) as (keyof typeof m.statuses)[]).find((k) => m.statuses[k] === cell.text);
    // Words that are no state of the catalogue are a finished result said in words ('No cutoff configured').
    return { state: status ?? "complete", flag: 0, band: null, numbers: [] as number[] };
  }
  const band = cell.band;
  return {
    state: "complete",
    flag: arrows(band?.mark),
    band: band?.band ?? null,
    numbers: cell.kind === "score" ? numbers(cell.score) : [],
  };
}

// ── The comparison ──────────────────────────────────────────────────────────────────────────

type Where = { student: string; participantId: string; grade: string; period: Period; flags: string };
const at = (w: Where, test?: TestCode) =>
  `${w.student} (${w.participantId}, grade ${w.grade}) ${w.period}${test ? ` ${test}` : ""}${w.flags ? ` [${w.flags}]` : ""}`;

type Tally = {
  cells: number;
  flagged: number;
  recommended: number;
  met: number;
  reportRows: number;
  byGradePeriod: Set<string>;
  /** Configured figures shown: RAN percentiles from norms, proficiency verdicts, judged prekindergarten risks. */
  configured: Record<StandardKind, number>;
  needsSupport: number;
};

/** The source of each kind the district configured for the run, or null for an unconfigured run. */
type Configured = Record<StandardKind, string> | null;

/**
 * The configured figures a student's grid row shows, read from what it shows: a RAN with a
 * percentile band or a verdict, a proficiency verdict, a prekindergarten risk judged at risk or not.
 */
function configuredNotes(
  cells: readonly Pick<ShownCell, "testCode" | "state" | "grayedOut" | "band" | "text">[],
  risk: readonly Pick<ProfileCell, "kind" | "state" | "qualifier">[],
  configured: Configured,
): SourceNote[] {
  if (!configured) return [];
  const notes = new Map<StandardKind, SourceNote>();
  const add = (kind: StandardKind) => notes.set(kind, { kind, source: configured[kind] });
  for (const c of cells) {
    if (!shownScore(c)) continue;
    // A RAN's percentile, or its theta judged by a theta cutoff, is placed by the RAN norms.
    if (ASSESSMENTS[c.testCode].manual === "ran" && (c.band !== null || verdict(c))) add("ranNorms");
    if (verdict(c)) add("abilityCutoffs");
  }
  for (const p of risk) if (p.kind === "pkRisk" && p.state === "complete" && p.qualifier !== NO_CUTOFF_TEXT) add("pkRiskCutoff");
  return [...notes.values()];
}
const noteTexts = (notes: readonly SourceNote[]) => notes.map(sourceNoteText).sort();

function compareStudent(input: {
  where: Where;
  gridRow: ShownGrid["rows"][number];
  columns: TestCode[];
  csvRow: string[] | undefined;
  /** The CSV column of each grid column (-1: none), and of the sources. */
  csvColumns: number[];
  csvSources: number;
  configured: Configured;
  page: StudentPage;
  reports: Partial<Record<FamilyReportLang, FamilyReportView | undefined>>;
  /** The student page's own family report (current period only), per language. */
  pageReports: Partial<Record<FamilyReportLang, FamilyReportView | undefined>> | null;
  problems: string[];
  tally: Tally;
}) {
  const { where, gridRow, columns, csvRow, page, problems, tally, configured } = input;
  const say = (test: TestCode | undefined, what: string) => problems.push(`${at(where, test)}: ${what}`);
  const results = page.results;
  if (!results) {
    say(undefined, `student page shows no results (${page.resultsError})`);
    return;
  }
  if (results.selected !== where.period) {
    say(undefined, `student page shows ${results.selected}, asked for ${where.period}`);
    return;
  }
  const drawn = drawnCells(gridRow);
  const recommended = new Set(results.nextSteps.recommended.map((r) => r.testCode));
  const judgedCells: SubtestCell[] = [];

  for (const row of results.groups.flatMap((g) => g.rows)) {
    const code = row.testCode;
    const cell = row.cells.find((c) => c.period === where.period);
    if (!cell) {
      say(code, "student page has no cell for the period");
      continue;
    }
    const applicable = cell.state !== "not-applicable";
    const col = columns.indexOf(code);
    const gridCell = col >= 0 ? gridRow.cells[col] : undefined;
    const gridShows = gridCell !== undefined && gridCell.state !== "not-applicable";

    // The grid shows every subtest the student page reports for the period, but for a grade's
    // second RAN (the grid has one RAN column per grade, spec 001 §9).
    if (applicable && !gridShows && ASSESSMENTS[code].manual !== "ran") say(code, `student page shows '${cell.text}', the grid no cell`);
    if (!applicable && gridShows) say(code, `grid shows '${gridCell.text}', the student page says the test does not apply`);

    if (applicable && gridCell && gridShows) {
      tally.cells++;
      tally.byGradePeriod.add(`${where.grade} ${where.period}`);
      const d = drawn[col];
      if (!d) say(code, "the grid row's markup has no cell for the test");
      const gridFlag = shownScore(gridCell) ? arrows(d?.mark) : 0;
      if (gridCell.state !== cell.state) say(code, `grid state ${gridCell.state}, student page ${cell.state}`);
      if (gridCell.grayedOut !== cell.grayedOut) say(code, `grid greyed out ${gridCell.grayedOut}, student page ${cell.grayedOut}`);
      if (gridCell.text !== cell.text) say(code, `grid shows '${gridCell.text}', student page '${cell.text}'`);
      if ((gridCell.handScore ?? null) !== (cell.handScore ?? null))
        say(code, `grid count '${gridCell.handScore}', student page '${cell.handScore}'`);
      if (d && bandClass(d) !== cell.band) say(code, `grid colour ${bandClass(d)}, student page ${cell.band}`);
      if (gridFlag !== profileFlag(cell)) say(code, `grid shows '${gridCell.text}${d?.mark ?? ""}', student page '${shownWithMark(cell)}'`);
      if (csvRow) {
        const csv = csvRow[input.csvColumns[col]!];
        if (csv !== csvCellText(cell)) say(code, `classroom CSV says '${csv}', student page shows '${cell.text}'`);
        if (!same(numbers(csv), numbers(gridCell.text))) say(code, `classroom CSV says '${csv}', grid '${gridCell.text}'`);
      }
    }

    if (!applicable) continue;
    const flag = profileFlag(cell);
    if (flag > 0) tally.flagged++;

    // 'Why flagged': exactly beside a ▼/▼▼ score ('Needs Support' included), as red as its marks,
    // about the number shown, and naming the source of a configured figure.
    if (flag > 0 && !cell.why) say(code, `'${shownWithMark(cell)}' has no 'Why flagged'`);
    if (flag === 0 && cell.why) say(code, `'Why flagged' (${cell.why.band}) beside '${cell.text}', which shows no ▼`);
    if (cell.why && flag > 0) {
      if ((cell.why.tone === "red") !== (flag === 2)) say(code, `'Why flagged' is ${cell.why.tone} beside '${shownWithMark(cell)}'`);
      const inWhy = new Set(numbers(cell.why.text));
      if (!numbers(cell.text).every((n) => inWhy.has(n))) say(code, `'Why flagged' does not name '${cell.text}': ${cell.why.text}`);
      for (const note of configuredNotes([{ ...cell, testCode: code }], [], configured))
        if (!cell.why.text.includes(note.source)) say(code, `'Why flagged' beside '${shownWithMark(cell)}' does not name '${note.source}'`);
    }
    if (shownScore(cell) && needsSupport(cell)) tally.needsSupport++;
    for (const note of configuredNotes([{ ...cell, testCode: code }], [], configured)) tally.configured[note.kind]++;

    // Next Steps: a subtest is recommended exactly when its cell is flagged (or, with no
    // percentile, when its hand-entered count is at or below the spec's correct-items threshold).
    const count = handCount(cell);
    const shouldRecommend = shownScore(cell) && (flag > 0 || (cell.band === null && count !== null && count <= CORRECT_ITEMS_THRESHOLD));
    if (shouldRecommend !== recommended.has(code))
      say(
        code,
        shouldRecommend ? `'${shownWithMark(cell)}' is not in Next Steps` : `Next Steps recommends it beside '${shownWithMark(cell)}'`,
      );
    if (judged(cell)) judgedCells.push(cell);

    // The family reports: the same state, flag and numbers, in every language; a subtest the
    // grade does not report (greyed out) is left out.
    for (const [source, reports] of [
      ["classroom family report", input.reports],
      ["student page's family report", input.pageReports],
    ] as const) {
      if (!reports) continue;
      for (const lang of FAMILY_REPORT_LANGS) {
        const report = reports[lang];
        if (!report) {
          say(undefined, `no ${source} (${lang})`);
          continue;
        }
        const rows = "groups" in report.results ? report.results.groups.flatMap((g) => g.rows) : [];
        const line = rows.find((r) => r.testCode === code);
        if (cell.grayedOut) {
          if (line) say(code, `${source} (${lang}) prints a row for a test the grade does not report`);
          continue;
        }
        if (!line) {
          say(code, `${source} (${lang}) has no row; student page shows '${cell.text}'`);
          continue;
        }
        // A configured figure on the report: its key names the source.
        const key = report.key?.paragraphs.join(" ") ?? "";
        for (const note of configuredNotes([{ ...cell, testCode: code }], [], configured))
          if (!key.includes(note.source))
            say(code, `${source} (${lang}) prints '${shownWithMark(cell)}' and its key does not name '${note.source}'`);
        tally.reportRows++;
        const r = reportReading(line, lang);
        if (r.state !== cell.state)
          say(code, `${source} (${lang}) says ${r.state} (${JSON.stringify(line.cell)}), student page ${cell.state}`);
        if (r.flag !== flag) say(code, `${source} (${lang}) marks '${JSON.stringify(line.cell)}', student page '${shownWithMark(cell)}'`);
        if (cell.band && r.band !== cell.band) say(code, `${source} (${lang}) band ${r.band}, student page ${cell.band}`);
        const shown = numbers(cell.handScore ?? cell.text);
        if (r.state === "complete" && line.cell.kind === "score" && !same(r.numbers, shown))
          say(code, `${source} (${lang}) prints '${line.cell.score}', student page '${cell.handScore ?? cell.text}'`);
      }
    }
  }

  // The period's message: 'met expectations' only for a student with judged scores and no flag;
  // the resources text when nothing could be judged. With recommendations, no message.
  const steps = results.nextSteps;
  if (steps.recommended.length > 0) {
    tally.recommended += steps.recommended.length;
    if (steps.message !== null) say(undefined, `Next Steps lists subtests and also says '${steps.message}'`);
  } else if (steps.message === MET_EXPECTATIONS_TEXT) {
    tally.met++;
    if (judgedCells.length === 0) say(undefined, `Next Steps says '${steps.message}' with no judged score`);
    const flagged = judgedCells.filter((c) => profileFlag(c) > 0);
    if (flagged.length > 0)
      say(undefined, `Next Steps says '${steps.message}' beside ${flagged.map((c) => `${c.testCode} '${c.text}'`).join(", ")}`);
  } else if (steps.message === NONE_COMPLETE_TEXT) {
    const allJudged = results.groups
      .flatMap((g) => g.rows)
      .map((r) => r.cells.find((c) => c.period === where.period)!)
      .filter((c) => c && shownScore(c))
      .every(judged);
    if (judgedCells.length > 0 && allJudged) say(undefined, `Next Steps says '${steps.message}' beside judged scores with no flag`);
  } else say(undefined, `Next Steps says '${steps.message}'`);

  // The predictive profile: the student page's rows and the grid's columns agree, and 'Why
  // flagged' stands beside exactly the red and amber ones.
  for (const p of gridRow.profile) {
    if (p.kind === "riskCategory" || p.state === "not-applicable") continue;
    const risk = results.risk.find((r) => r.kind === p.kind)?.cells.find((c) => c.period === where.period);
    if (!risk) {
      say(undefined, `${p.kind}: the grid shows '${p.text}', the student page no row`);
      continue;
    }
    const sameCell: (keyof ProfileCell)[] = ["state", "text", "qualifier", "tone"];
    for (const k of sameCell)
      if (risk[k as keyof typeof risk] !== p[k])
        say(undefined, `${p.kind}: grid ${k} '${p[k]}', student page '${risk[k as keyof typeof risk]}'`);
    const flagged = p.tone === "risk" || p.tone === "moderate";
    if (flagged !== Boolean(risk.why))
      say(undefined, `${p.kind}: '${p.text} ${p.qualifier}' (${p.tone}) ${risk.why ? "has" : "has no"} 'Why flagged'`);
    if (risk.why && flagged && (risk.why.tone === "red") !== (p.tone === "risk"))
      say(undefined, `${p.kind}: 'Why flagged' is ${risk.why.tone} beside a ${p.tone} '${p.text}'`);
    for (const note of configuredNotes([], [p], configured)) {
      tally.configured[note.kind]++;
      if (risk.why && !risk.why.text.includes(note.source)) say(undefined, `${p.kind}: 'Why flagged' does not name '${note.source}'`);
    }
  }

  // Where configured figures come from (issue 34: 'Numbers built from configuration carry its
  // source on screen and in the CSV'): the grid row's figures name exactly their sources in the
  // CSV's last column and in the row; the student page's note names each of them.
  const expected = noteTexts(configuredNotes(gridRow.cells, gridRow.profile, configured));
  if (csvRow) {
    const column = (csvRow[input.csvSources] ?? "").split("; ").filter(Boolean).sort();
    if (column.join("; ") !== expected.join("; "))
      say(undefined, `classroom CSV '${SOURCES_COLUMN}' says '${column.join("; ")}', the row shows figures from '${expected.join("; ")}'`);
  }
  if (noteTexts(gridRow.sources).join("; ") !== expected.join("; "))
    say(undefined, `grid row sources '${noteTexts(gridRow.sources).join("; ")}', its figures come from '${expected.join("; ")}'`);
  const periodCells = results.groups.flatMap((g) =>
    g.rows.map((r) => ({ ...r.cells.find((c) => c.period === where.period)!, testCode: r.testCode })),
  );
  const periodRisk = results.risk.map((r) => ({ ...r.cells.find((c) => c.period === where.period)!, kind: r.kind }));
  const onPage = new Set(noteTexts(results.sources));
  for (const note of noteTexts(configuredNotes(periodCells, periodRisk, configured)))
    if (!onPage.has(note))
      say(undefined, `the student page shows a figure from '${note}' and its note does not name it (${[...onPage].join("; ")})`);
}

// ── The test ────────────────────────────────────────────────────────────────────────────────

/** Every classroom, period and student of the district read under `flags`; the disagreements and what was compared. */
async function compareDistrict(flags: string, configured: Configured) {
  const classrooms = (await (await t.call("GET", `/participantGroups/organization/${districtId}`, { token })).json()) as {
    participantGroupId: string;
    name: string;
  }[];
  const problems: string[] = [];
  const tally: Tally = {
    cells: 0,
    flagged: 0,
    recommended: 0,
    met: 0,
    reportRows: 0,
    byGradePeriod: new Set(),
    configured: { ranNorms: 0, pkRiskCutoff: 0, abilityCutoffs: 0 },
    needsSupport: 0,
  };
  let current: Period | null = null;
  let students = 0;

  for (const room of classrooms) {
    const id = room.participantGroupId;
    const first = await load<ClassroomPage>(classroomLoader, `/classroom/${id}`, { classroomId: id }, flags);
    current ??= first.results.period;
    for (const { name: period } of first.results.periods) {
      const page = await load<ClassroomPage>(classroomLoader, `/classroom/${id}?period=${period}`, { classroomId: id }, flags);
      expect(page.results.error, room.name).toBeNull();
      const grid = unpackGrid(page.results.grid!);
      const columns = grid.groups.flatMap((g) => g.columns.map((c) => c.testCode));
      const csvRes = (await resultsCsvLoader({
        request: new Request(`http://localhost/classroom/${id}/results.csv?period=${period}`, {
          headers: { cookie, "x-feature-flags": flags },
        }),
        params: { classroomId: id },
        context: {},
      })) as Response;
      expect(csvRes.status, room.name).toBe(200);
      const csv = parseCsv(await csvRes.text());
      // Each grid column's CSV column, found by its header ('Group: Title' or the title alone).
      const titles = grid.groups.flatMap((g) => g.columns.map((c) => c.title));
      const csvColumns = titles.map((title) => csv[0]!.findIndex((h) => h === title || h.endsWith(`: ${title}`)));
      titles.forEach((title, col) => {
        if (csvColumns[col] === -1)
          problems.push(`${room.name} ${period}: the classroom CSV has no column for ${title} (${csv[0]!.join(", ")})`);
      });
      const csvSources = csv[0]!.indexOf(SOURCES_COLUMN);
      if (csvSources === -1) problems.push(`${room.name} ${period}: the classroom CSV has no '${SOURCES_COLUMN}' column`);
      const reports: Partial<Record<FamilyReportLang, FamilyReportsPage>> = {};
      for (const lang of FAMILY_REPORT_LANGS)
        reports[lang] = await load<FamilyReportsPage>(
          familyReportsLoader,
          `/classroom/${id}/family-reports?period=${period}&lang=${lang}`,
          { classroomId: id },
          flags,
        );

      for (const [i, gridRow] of grid.rows.entries()) {
        students += period === current ? 1 : 0;
        const page = await load<StudentPage>(
          studentLoader,
          `/student/${gridRow.participantId}?period=${period}`,
          { studentId: gridRow.participantId },
          flags,
        );
        const where: Where = { student: gridRow.name, participantId: gridRow.participantId, grade: gridRow.grade, period, flags };
        const csvRow = csv[i + 1];
        if (page.state === "ready" && !csvRow?.some((f) => f.includes(page.student.lastName)))
          problems.push(`${at(where)}: classroom CSV row ${i + 1} is not the grid's row: ${csvRow?.join(",")}`);
        const pageReports =
          period === current && page.report
            ? (Object.fromEntries(FAMILY_REPORT_LANGS.map((l) => [l, page.report!.views[l]])) as Partial<
                Record<FamilyReportLang, FamilyReportView>
              >)
            : null;
        compareStudent({
          where,
          gridRow,
          columns,
          csvRow,
          csvColumns,
          csvSources,
          configured,
          page,
          reports: Object.fromEntries(
            FAMILY_REPORT_LANGS.map((l) => [l, reports[l]?.reports.find((r) => r.participantId === gridRow.participantId)]),
          ),
          pageReports,
          problems,
          tally,
        });
      }
    }
  }

  console.info(
    `[results-consistency ${flags || "no flags"}${configured ? ", configured" : ""}] ${students} students, ${tally.cells} cells, ${tally.flagged} flagged, ` +
      `${tally.recommended} recommended, ${tally.met} met, ${tally.reportRows} report rows, ${tally.needsSupport} Needs Support; ` +
      `configured figures: ${tally.configured.ranNorms} RAN figures from norms, ${tally.configured.abilityCutoffs} proficiency verdicts, ${tally.configured.pkRiskCutoff} prekindergarten risks`,
  );
  // Not vacuous: the whole district, every grade in every period, flags of both kinds and both answers of Next Steps.
  expect(students).toBeGreaterThanOrEqual(200);
  expect([...tally.byGradePeriod].sort()).toEqual(PERIODS.flatMap((p) => ["PK", "K", "1", "2", "3"].map((g) => `${g} ${p}`)).sort());
  expect(tally.flagged).toBeGreaterThan(0);
  expect(tally.met).toBeGreaterThan(0);
  return { problems, tally };
}

/** Every disagreement, each with its student, period and subtest. */
function expectNoProblems(problems: readonly string[]) {
  if (problems.length > 0) console.error(problems.join("\n"));
  const shown =
    problems.slice(0, 100).join("\n") + (problems.length > 100 ? `\n… and ${problems.length - 100} more (all in the log above)` : "");
  expect(problems.length, shown).toBe(0);
}

/** The consistency run's figures: a test's own values, named as such, never a product's. */
const SOURCES: Record<StandardKind, string> = {
  ranNorms: "Consistency test values (RAN)",
  pkRiskCutoff: "Consistency test values (prekindergarten risk)",
  abilityCutoffs: "Consistency test values (theta)",
};
const listed = (grade: (typeof RAN_NORM_ROWS)[number]["grade"], period: Period, testCode: TestCode) =>
  defaultGradeAssessments(grade, period, { rerKindergarten: false }).includes(testCode);
/**
 * RAN norms for every RAN test, grade and period the demo lists, centred on the demo's typical
 * times (scripts/seed/ran-times.ts: 30 to 70 of its draw is ±1.5 spreads) so its scores fall in
 * every band; prekindergarten risk cutoffs per period; theta cutoffs for every ability test of K
 * and grade 3 (the demo's thetas run from about -1.5 to 2.1).
 */
const CONFIGURED_STANDARDS = {
  ranNorms: {
    source: SOURCES.ranNorms,
    norms: RAN_NORM_ROWS.flatMap(({ grade, testCode }) =>
      PERIODS.filter((period) => listed(grade, period, testCode)).map((period) => ({
        grade,
        testCode,
        period,
        meanSecs: demoRanSeconds(grade, 50),
        sdSecs: (demoRanSeconds(grade, 70) - demoRanSeconds(grade, 30)) / 3,
      })),
    ),
  },
  pkRiskCutoff: { source: SOURCES.pkRiskCutoff, cutoffs: { BOY: 0.4, MOY: 0.45, EOY: 0.5 } },
  abilityCutoffs: {
    source: SOURCES.abilityCutoffs,
    cutoffs: ABILITY_CUTOFF_ROWS.filter((r) => r.grade === "K" || r.grade === "3").flatMap(({ grade, testCode }) =>
      PERIODS.map((period, i) => ({ grade, testCode, period, theta: -0.25 + 0.25 * i })),
    ),
  },
};

describe(`the demo district's pages agree with each other (${process.env.TEST_DB_ENGINE ?? "pglite"})`, () => {
  it.each(FLAG_SETS.map((flags) => [flags || "no flags", flags] as const))(
    "every student, period and subtest: grid, CSV, student page, Next Steps, Why flagged, family reports (%s)",
    async (_name, flags) => {
      const { problems, tally } = await compareDistrict(flags, null);
      // Nothing configured: no figure names a source.
      expect(tally.configured).toEqual({ ranNorms: 0, pkRiskCutoff: 0, abilityCutoffs: 0 });
      expectNoProblems(problems);
    },
    600_000,
  );

  it("with norms and cutoffs configured through the API: the figures built from them agree too, and each names its source", async () => {
    const path = `/organization/${districtId}/screening-standards`;
    const put = await t.call("PUT", path, { token, body: CONFIGURED_STANDARDS });
    expect(put.status, await put.clone().text()).toBe(200);
    expect(((await put.json()) as { recomputedRanResults: number }).recomputedRanResults).toBeGreaterThan(0);
    try {
      // Both display-rule flags, so that K's and grade 3's RER tests are proficiency cells.
      const { problems, tally } = await compareDistrict("rer-kindergarten,gr-3-internal-testing-display-rules", SOURCES);
      // Every kind is shown somewhere, and the theta cutoffs give both verdicts.
      expect(tally.configured.ranNorms).toBeGreaterThan(0);
      expect(tally.configured.pkRiskCutoff).toBeGreaterThan(0);
      expect(tally.configured.abilityCutoffs).toBeGreaterThan(tally.needsSupport);
      expect(tally.needsSupport).toBeGreaterThan(0);
      expectNoProblems(problems);
    } finally {
      const cleared = await t.call("PUT", path, { token, body: { ranNorms: null, pkRiskCutoff: null, abilityCutoffs: null } });
      expect(cleared.status).toBe(200);
    }
  }, 600_000);
});

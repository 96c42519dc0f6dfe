import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { unique } from "./support/admin";
import { api, apiToken } from "./support/api-world";
import { DEMO, signIn } from "./support/auth";
import { demoIds, grid, KINDERGARTEN } from "./support/classroom";
import { minutesBeforeNoon, YEAR } from "./support/school-year";
import { ASSESSMENTS, defaultGradeAssessments, type Grade, type TestCode } from "#app/domain/assessments";
import { fieldOf } from "#app/domain/presence";

// Issue 12 item 12 and issue 34 item 14 on paper: the classroom grid printed on landscape Letter
// and A4. Body cells broke words without a hyphen ('performanc e', 'configur ed', 'progres s',
// 'scor e'), as the print styles let a cell's words break anywhere and the table then gave the
// short columns less than their longest word. Now cells and titles wrap between words only; every
// column is on the page, the header rows on every page, no row split over two pages.
//
// The class is the test's own: 40 kindergarten and first grade students (the demo's widest grid,
// K/1), with an end-of-year predictive profile and every test of their grade through the REST
// API, in each state a cell can show: percentiles, In progress, N/A, Needs scoring and scored
// RAN times with 'No norms configured'.

const FIRST = ["Maximiliano", "Anastasia", "Guadalupe", "Christopher", "Evangeline", "Sebastian", "Genevieve", "Bartholomew"];
const LAST = [
  "Hernandez",
  "Montgomery",
  "Vandenberg",
  "Oyelaran",
  "Kowalczyk",
  "Fitzpatrick",
  "Nakamura",
  "Abernathy",
  "Castellanos",
  "Lindqvist",
];
const STUDENTS = 40;

type Room = { classroomId: string; name: string };
let large: Room;
let firstSecond: Room;
let everyGrade: Room;

async function studentIn(request: APIRequestContext, token: string, schoolId: string, classroomId: string, i: number, grade: string) {
  const created = await api(request, token, "POST", "/participants", {
    firstName: FIRST[i % FIRST.length],
    lastName: LAST[(i * 3) % LAST.length],
    dateOfBirth: "05/17/2019",
    grade,
    organizationUnitId: schoolId,
    participantGroupIds: [classroomId],
  });
  return fieldOf(created, "participantId");
}

async function room(request: APIRequestContext, token: string, schoolId: string, label: string): Promise<Room> {
  const name = unique(label);
  const created = await api(request, token, "POST", "/participantGroups", {
    name,
    organizationUnitId: schoolId,
    teacherId: [],
    participantGroupType: "CLASSROOM",
  });
  return { classroomId: fieldOf(created, "participantGroupId"), name };
}

/** The end-of-year results of student `i`: a predictive profile, and each test of the grade in a state of its own. */
async function results(request: APIRequestContext, token: string, participantId: string, i: number, grade: Grade) {
  await api(request, token, "POST", "/participantTest/predictiveProfile", {
    participantId,
    academicYear: YEAR,
    periodName: "EOY",
    pwr: ((i * 23) % 90) / 100 + 0.05,
    dyslexia: ((i * 13) % 60) / 100 + 0.02,
    kready: ((i * 31) % 90) / 100 + 0.05,
    pkRisk: ((i * 17) % 80) / 100 + 0.1,
  });
  const start = minutesBeforeNoon(120);
  const end = minutesBeforeNoon(58);
  for (const [j, code] of defaultGradeAssessments(grade, "EOY", { rerKindergarten: false }).entries()) {
    const state = (i + j) % 11 === 0 ? "incomplete" : (i + j) % 11 === 5 ? "invalid" : "complete";
    const ran = ASSESSMENTS[code as TestCode].manual === "ran";
    const { participantTestId } = await api(request, token, "POST", "/participantTest/results", {
      clientTestId: unique(`print-${code}`),
      participantId,
      testCode: code,
      grade,
      startDtTm: start,
      endDtTm: state === "incomplete" ? null : end,
      completedFlag: state !== "incomplete",
      invalid: state === "invalid" ? true : null,
      abilityPercentile: state === "complete" && !ran ? ((i * 7 + j * 17) % 98) + 1 : null,
      finalTheta: state === "complete" && !ran ? (((i * 7 + j * 17) % 60) - 30) / 10 : null,
      responses: ran
        ? [
            { questionCode: `${code}_prac_1`, score: 1, responseTimeInSecs: 12 },
            { questionCode: `${code}_1`, score: 1, responseTimeInSecs: 48 },
          ]
        : [],
    });
    // Half the finished RAN tests scored (their time and errors, 'No norms configured'); the rest 'Needs scoring'.
    if (ran && state === "complete" && i % 2 === 0) {
      const scoring = await request.get(`/api/participantTest/RAN/${participantTestId}`, { headers: { authorization: `Bearer ${token}` } });
      expect(scoring.status()).toBe(200);
      const { responses } = (await scoring.json()) as { responses: { participantTestQuestionResponseId: string; questionCode: string }[] };
      const response = responses.find((r) => !r.questionCode.includes("prac"))!;
      await api(request, token, "PUT", `/participantTest/addScoreToQuestionResponse/${response.participantTestQuestionResponseId}`, {
        score: 1,
        evalResponseTime: 30 + i,
        numOfErrors: i % 7,
        invalid: false,
      });
    }
  }
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  const ids = await demoIds();
  const token = await apiToken(request);
  const schoolId = fieldOf(ids.schoolOf, KINDERGARTEN, `the school of ${KINDERGARTEN}`);
  large = await room(request, token, schoolId, "Print Room");
  for (let i = 0; i < STUDENTS; i++) {
    const grade = i % 2 ? "1" : "K";
    await results(request, token, await studentIn(request, token, schoolId, large.classroomId, i, grade), i, grade);
  }
  // Grades 1 and 2: 23 columns, the titles side by side in a smaller type.
  firstSecond = await room(request, token, schoolId, "First Second Room");
  for (const [i, grade] of (["1", "2"] as const).flatMap((g) => [g, g, g, g]).entries())
    await results(request, token, await studentIn(request, token, schoolId, firstSecond.classroomId, i, grade), i, grade);
  // Three students of each grade a new student can have (grade 3 only under a flag): every column
  // a grid can have (30), more titles than a page holds side by side.
  everyGrade = await room(request, token, schoolId, "Every Grade Room");
  for (const [i, grade] of (["PK", "K", "1", "2"] as const).flatMap((g) => [g, g, g]).entries())
    await results(request, token, await studentIn(request, token, schoolId, everyGrade.classroomId, i, grade), i, grade);
});

type Word = { text: string; xMin: number; xMax: number; yMin: number; yMax: number };
type PdfPage = { width: number; height: number; words: Word[] };

/** The words of each page of a PDF as pdftotext reads them, with their boxes (points). */
function pdfWords(pdfPath: string): PdfPage[] {
  const html = execFileSync("pdftotext", ["-bbox", pdfPath, "-"]).toString();
  const unescape = (t: string) =>
    t
      .replace(/&apos;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, "&");
  return html
    .split("<page ")
    .slice(1)
    .map((chunk) => {
      const [, width, height] = /width="([\d.]+)" height="([\d.]+)"/.exec(chunk)!;
      const words = [...chunk.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map(
        ([, xMin, yMin, xMax, yMax, text]) => ({
          xMin: Number(xMin),
          yMin: Number(yMin),
          xMax: Number(xMax),
          yMax: Number(yMax),
          text: unescape(text!).normalize("NFKC"),
        }),
      );
      return { width: Number(width), height: Number(height), words };
    });
}

/** The runs of letters in a text: a word split over two lines leaves pieces that are not among the page's own. */
const letterRuns = (text: string) => text.normalize("NFKC").match(/\p{L}+/gu) ?? [];

/** What the printed page shows, as the browser lays it out for print: its letter runs, the column titles and the students. */
async function printedPage(page: Page) {
  await page.emulateMedia({ media: "print" });
  const shown = await page.evaluate(() => {
    const table = document.querySelector("table.results-grid")!;
    return {
      text: document.querySelector("main")!.innerText,
      titles: [...table.querySelectorAll("thead th")].map((th) => (th as HTMLElement).innerText.replace(/\s+/g, " ").trim()),
      names: [...table.querySelectorAll("tbody th a")].map((a) => (a as HTMLElement).innerText.trim()),
    };
  });
  await page.emulateMedia({ media: null });
  return { runs: new Set(letterRuns(shown.text)), titles: shown.titles, names: shown.names };
}

/**
 * Prints the open classroom to a landscape PDF of `format` and checks it: no word split over two
 * lines (names aside: a word of more than 14 letters may break), every column title on every page
 * with rows, every student once. The pages are left as PNGs beside the PDF, to look at.
 */
async function expectWholePrint(page: Page, dir: string, format: "Letter" | "A4") {
  const shown = await printedPage(page);
  mkdirSync(dir, { recursive: true });
  const pdfPath = path.join(dir, "grid.pdf");
  await page.pdf({ path: pdfPath, format, landscape: true, printBackground: true });
  execFileSync("pdftoppm", ["-png", "-r", "70", pdfPath, path.join(dir, "page")]);
  const pages = pdfWords(pdfPath);

  const nameParts = shown.names.flatMap((n) => n.split(/\s+/));
  const isNamePart = new Set(nameParts);
  const printedNameParts: string[] = [];
  for (const [p, { words }] of pages.entries()) {
    // No piece of a word: each run of letters printed is one the page shows whole.
    const pieces = words
      .map((w) => w.text)
      .flatMap(letterRuns)
      .filter((run) => !shown.runs.has(run));
    expect(pieces, `page ${p + 1}: pieces of words split over two lines`).toEqual([]);
  }
  // The header rows on each page with rows: every column title, each of its words (a column cut
  // off at the paper's edge would lose its title). The name column ends where 'Grade' begins.
  expect(shown.titles).toContain("Grade");
  const withRows = pages.flatMap(({ words }, p) => (words.some((w) => isNamePart.has(w.text)) ? [{ p, words }] : []));
  for (const { p, words } of withRows) {
    const here = words.map((w) => w.text);
    for (const title of shown.titles)
      for (const part of title.split(" ")) expect(here, `page ${p + 1}: '${part}' of the title '${title}'`).toContain(part);
    const gradeTitle = words.find((w) => w.text === "Grade")!;
    printedNameParts.push(...words.filter((w) => w.xMax <= gradeTitle.xMin + 1 && isNamePart.has(w.text)).map((w) => w.text));
  }
  // Every student's name once in the name column over the pages: no row lost or printed twice.
  expect(printedNameParts.sort()).toEqual(nameParts.sort());
  return pages.length;
}

for (const format of ["Letter", "A4"] as const) {
  test(`a class of ${STUDENTS} printed on landscape ${format}: whole words, every column, header rows on every page`, async ({
    page,
  }, info) => {
    await signIn(page, DEMO.districtAdmin, { to: `/classroom/${large.classroomId}?period=EOY` });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(large.name);
    await expect(grid(page).locator("tbody tr")).toHaveCount(STUDENTS);
    // Every state of a cell is in this class.
    for (const words of ["performance", "In progress", "N/A", "Needs scoring", "No norms configured", "Moderate risk"])
      await expect(grid(page).locator("tbody").getByText(words).first()).toBeVisible();
    expect(await expectWholePrint(page, info.outputPath(format), format)).toBeGreaterThanOrEqual(2);
  });

  for (const [label, columns, which] of [
    ["grades 1 and 2", 23, () => firstSecond],
    ["every grade", 30, () => everyGrade],
  ] as const) {
    test(`a class of ${label}, ${columns} columns, printed on landscape ${format}: whole words, every column`, async ({ page }, info) => {
      const { classroomId, name } = which();
      await signIn(page, DEMO.districtAdmin, { to: `/classroom/${classroomId}?period=EOY` });
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
      await expect(grid(page).locator("thead tr").nth(1).locator("th")).toHaveCount(columns);
      await expectWholePrint(page, info.outputPath(format), format);
    });
  }
}

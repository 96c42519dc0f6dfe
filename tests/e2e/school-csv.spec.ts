import { readFileSync } from "node:fs";
import { expect, test, type Download, type Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { fileSlug } from "#app/domain/csv";
import { DEMO, signIn } from "./support/auth";
import { expectNoAxeViolations } from "./support/axe";

// Issue 34 item 16: the school page offered only the school-named file. Spec 001 §9 names the
// School CSV after a classroom ('{classroom}_student_details_{period}.csv'): the page offers the
// whole school's file and each classroom's, for the period picked, with JavaScript or without.

const CEDAR = "Cedar Elementary";
const ROOM = "K/1 Combined";

/** The downloaded CSV's name, header and rows. */
function csvOf(download: Download, path: string) {
  const [header, ...rows] = parse(readFileSync(path), { bom: true }) as string[][];
  if (!header) throw new Error(`${download.suggestedFilename()} has no header`);
  return { name: download.suggestedFilename(), header, rows };
}

async function downloadBy(page: Page, click: () => Promise<void>) {
  const waiting = page.waitForEvent("download");
  await click();
  const download = await waiting;
  return csvOf(download, (await download.path())!);
}

async function offersTheSpecFiles(page: Page) {
  await signIn(page, DEMO.schoolAdmin);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(CEDAR);
  const classrooms = page.getByRole("table", { name: "Classrooms" });
  await page.getByLabel("Period").selectOption({ label: "Middle of Year (MOY)" });

  // A classroom's file, by the button on its row: named after it, its students only.
  const room = await downloadBy(page, () => classrooms.getByRole("button", { name: `Download CSV of ${ROOM}` }).click());
  expect(room.name).toBe(`${fileSlug(ROOM)}_student_details_MOY.csv`);
  const classroom = room.header.indexOf("Classroom");
  expect(room.rows.length).toBeGreaterThan(5);
  for (const row of room.rows) expect(row[classroom]).toBe(ROOM);
  // Grades as the grid shows them; '… Percentile' columns hold numbers only.
  const grade = room.header.indexOf("Grade");
  expect(new Set(room.rows.map((r) => r[grade]))).toEqual(new Set(["K", "1st"]));
  const percentiles = room.header.flatMap((h, i) => (h.endsWith(" Percentile") ? [i] : []));
  expect(percentiles.length).toBeGreaterThan(5);
  for (const row of room.rows) for (const i of percentiles) expect(row[i], room.header[i]).toMatch(/^(\d{1,2})?$/);

  // The whole school's file, for the period picked.
  const school = await downloadBy(page, () => page.getByRole("button", { name: "Download School CSV" }).click());
  expect(school.name).toBe(`${fileSlug(CEDAR)}_student_details_MOY.csv`);
  expect(new Set(school.rows.map((r) => r[school.header.indexOf("Classroom")])).size).toBeGreaterThan(1);
}

test("a school admin downloads the school's and each classroom's School CSV for the period picked", async ({ page }) => {
  await offersTheSpecFiles(page);
  await expectNoAxeViolations(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the same files, by plain form buttons", ({ page }) => offersTheSpecFiles(page));
});

test("a teacher is offered no School CSV", async ({ page }) => {
  await signIn(page, DEMO.teacher);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(CEDAR);
  await expect(page.getByRole("button", { name: "Download School CSV" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Download CSV of / })).toHaveCount(0);
});

import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { api, apiToken } from "../../tests/e2e/support/api-world";
import { DEMO, signIn } from "../../tests/e2e/support/auth";
import { readDemoDb } from "../../tests/e2e/support/demo-db";
import { d, onTheDay, YEAR } from "../../tests/e2e/support/school-year";

// Screenshots of the pages issues 38, 39 and 40 added, on the demo district, into SHOTS_DIR
// (default docs/screenshots). The district gets a follow-up policy first, and five kindergarten
// students risk scores the screener computed 40 and 2 days ago, so the lists show overdue and due
// notices.

const OUT = path.resolve(process.env.SHOTS_DIR ?? "docs/screenshots");
const CLASSROOM = "Kindergarten Room 4";

type Demo = { districtId: string; schoolId: string; classroomId: string; students: string[] };

async function demo(): Promise<Demo> {
  return readDemoDb(async (db) => {
    const room = await db.query<{ participant_group_id: string; organization_unit_id: string; organization_id: string }>(
      `select g.participant_group_id, g.organization_unit_id, ou.organization_id
         from participant_group g join organization_unit ou using (organization_unit_id) where g.name = $1`,
      [CLASSROOM],
    );
    const { participant_group_id, organization_unit_id, organization_id } = room.rows[0]!;
    const students = await db.query<{ participant_id: string }>(
      `select m.participant_id from participant_group_member m join participant p using (participant_id)
        where m.participant_group_id = $1 order by lower(p.last_name), lower(p.first_name)`,
      [participant_group_id],
    );
    return {
      districtId: organization_id,
      schoolId: organization_unit_id,
      classroomId: participant_group_id,
      students: students.rows.map((r) => r.participant_id),
    };
  });
}

async function shot(page: Page, name: string, url?: string) {
  if (url) await page.goto(url);
  await expect(page.locator("main")).toBeVisible();
  mkdirSync(OUT, { recursive: true });
  await page.screenshot({ path: `${OUT}/${name}.png`, fullPage: true });
}

/** The page printed to a PDF, its first page as a grey PNG (what a black-and-white printer gives). */
async function printed(page: Page, name: string, url: string | null, landscape = false) {
  if (url) await page.goto(url);
  await page.emulateMedia({ media: "print" });
  const file = `${OUT}/${name}.pdf`;
  writeFileSync(file, await page.pdf({ format: "Letter", landscape, printBackground: true }));
  execFileSync("pdftoppm", ["-png", "-gray", "-r", "90", "-f", "1", "-l", "1", "-singlefile", file, `${OUT}/${name}`]);
  await page.emulateMedia({ media: "screen" });
}

test("the pages of issues 38, 39 and 40", async ({ page, request }) => {
  await onTheDay(page);
  const ids = await demo();
  const token = await apiToken(request, DEMO.districtAdmin);
  await api(request, token, "PUT", `/organization/${ids.districtId}/followUpPolicy`, {
    policy: {
      flags: ["dyslexia", "pwr", "pkRisk", "kready"],
      dayCount: "school",
      noticeDays: 20,
      monitoringDays: 42,
      furtherStepDays: 30,
      priorNoticeDays: null,
      optOutAllowed: true,
      presetId: null,
    },
    nonSchoolDays: [{ date: d(-20), label: "Winter break" }],
  });
  for (const [i, participantId] of ids.students.slice(0, 5).entries())
    await api(request, token, "POST", "/participantTest/predictiveProfile", {
      participantId,
      academicYear: YEAR,
      periodName: "EOY",
      dyslexia: 0.9,
      pwr: 0.05,
      kready: 0.05,
      computedAt: `${d(i < 3 ? -40 : -2)}T12:00:00Z`,
    });
  const [district, school, classroom, student] = [
    `/district/${ids.districtId}`,
    `/school/${ids.schoolId}`,
    `/classroom/${ids.classroomId}`,
    `/student/${ids.students[0]}`,
  ];

  // Issue 38: the district's policy, list, letter and counts.
  await signIn(page, DEMO.districtAdmin, { to: `${district}?tab=followUp` });
  await shot(page, "38-district-follow-up-policy");
  await shot(page, "38-district-follow-up-list", `${district}?tab=followUps`);
  await shot(page, "38-district-notice-letter", `${district}/notice-letter`);
  await shot(page, "38-district-follow-up-counts", `${district}/follow-up-counts`);
  await printed(page, "38-district-follow-up-counts-print", `${district}/follow-up-counts`);
  await shot(page, "38-school-follow-up-list", `${school}?tab=followUps`);
  await shot(page, "38-school-follow-up-counts", `${school}/follow-up-counts`);
  // Issue 39: summaries and the district's progress goals.
  await shot(page, "39-district-summary", `${district}?tab=summary`);
  await shot(page, "39-school-summary", `${school}?tab=summary`);
  await shot(page, "39-district-progress-goals", `${district}/progress-goals`);

  // The teacher's pages.
  await signIn(page, DEMO.teacher, { to: classroom });
  await shot(page, "38-40-classroom-marks-and-letters-to-work-on");
  await shot(page, "38-classroom-follow-ups", `${classroom}/follow-ups`);
  await shot(page, "38-classroom-notices", `${classroom}/notices`);
  await printed(page, "38-classroom-notices-print", `${classroom}/notices`);
  await shot(page, "38-student-next-step-and-39-growth", student);
  await shot(page, "38-student-follow-up", `${student}/follow-up`);
  await shot(page, "38-student-notice", `${student}/notice`);
  await shot(page, "39-student-progress", `${student}/progress`);
  await shot(page, "39-classroom-groups", `${classroom}/groups`);
  await printed(page, "39-student-print", student);
  await page.goto(classroom);
  await page.locator("details.summary--collapsible > summary").click();
  await shot(page, "39-classroom-summary");
  await printed(page, "39-classroom-print", null, true);
});

import { readFileSync } from "node:fs";
import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { toast } from "./support/admin";
import { api, outboxText, signInAdmin, useApiWorld } from "./support/api-world";
import { signIn } from "./support/auth";
import { expectNoAxeViolations } from "./support/axe";
import { d, FIRST, LAST, onTheDay, YEAR } from "./support/school-year";

// Issue 38 item 3, where staff see follow-ups: the district's and the school's Follow-up tab (status
// filters with counts, search, sort, pages, all by keyboard; the CSV of the filtered list; the
// link to the annual counts), the classroom grid's notice marks and the line above it, the
// classroom's list, and the next step on the student page. A teacher is refused the district's
// list. The district is the spec's own: 52 grade 1 students, 51 flagged for dyslexia risk today,
// under a policy whose notice is due in 3 days (so 'due this week'); two have had their notice
// sent (open), one an outcome (done), one flagged student and one never screened have opted out.

test.describe.configure({ mode: "serial", timeout: 180_000 });

const ADMIN_PASSWORD = "Follow#Lists2026admin";
const TEACHER_PASSWORD = "Follow#Lists2026teach";
const LISTS = { "1": ["letter-ran", "vocab"] };
const FLAGGED = 51;
const pad = (n: number) => String(n).padStart(2, "0");
const students = [
  ...Array.from({ length: FLAGGED }, (_, i) => ({
    firstName: "Kid",
    lastName: `Lister${pad(i + 1)}`,
    grade: "1",
    dateOfBirth: "05/17/2019",
  })),
  { firstName: "Never", lastName: "Screened", grade: "1", dateOfBirth: "05/17/2019" },
];

async function followUpIdOf(request: APIRequestContext, token: string, studentId: string): Promise<string> {
  const res = await request.get(`/api/participant/${studentId}/followUps`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { followUps: { followUpId: string }[] }).followUps[0]!.followUpId;
}

const world = useApiWorld(
  {
    label: "Lists",
    teacher: { firstName: "Lia", lastName: "Teacher" },
    students,
    calendar: {
      academicYear: YEAR,
      periods: {
        BOY: { startDate: FIRST, endDate: d(10), gradeLists: LISTS },
        MOY: { startDate: d(11), endDate: d(20), gradeLists: LISTS },
        EOY: { startDate: d(21), endDate: LAST, gradeLists: LISTS },
      },
    },
    admin: { firstName: "Lou", lastName: "Admin", password: ADMIN_PASSWORD },
  },
  async ({ token, studentIds, districtId, tag }, request) => {
    await api(request, token, "PUT", `/organization/${districtId}/followUpPolicy`, {
      policy: {
        flags: ["dyslexia", "pwr", "pkRisk", "kready"],
        dayCount: "calendar",
        noticeDays: 3,
        monitoringDays: null,
        furtherStepDays: null,
        priorNoticeDays: null,
        optOutAllowed: true,
        presetId: null,
      },
      nonSchoolDays: [],
    });
    const flagged = studentIds.slice(0, FLAGGED);
    // Grade 1 BOY: a dyslexia score above 0.171 is 'At risk'.
    for (let i = 0; i < flagged.length; i += 10)
      await Promise.all(
        flagged.slice(i, i + 10).map((participantId) =>
          api(request, token, "POST", "/participantTest/predictiveProfile", {
            participantId,
            academicYear: YEAR,
            periodName: "BOY",
            dyslexia: 0.5,
            pwr: 0.9,
          }),
        ),
      );
    const [sent1, sent2, done] = await Promise.all(flagged.slice(0, 3).map((id) => followUpIdOf(request, token, id)));
    for (const id of [sent1, sent2, done])
      await api(request, token, "POST", `/followUp/${id}/steps`, { kind: "notice-sent", on: d(0), method: "printed" });
    await api(request, token, "POST", `/followUp/${done}/steps`, { kind: "outcome", on: d(0), outcome: "recovered" });
    for (const id of [flagged[3]!, studentIds[FLAGGED]!])
      await api(request, token, "POST", `/participant/${id}/screeningOptOut`, { academicYear: YEAR, optedOut: true, on: d(0) });
    // The teacher sets a password from an invitation's code, as an invited person does.
    const teacher = `${tag}.teacher@lists.example`;
    await api(request, token, "POST", `/user/inviteUser/${teacher}`);
    const code = /verification code: ([A-Z0-9]+)/.exec(outboxText(teacher))?.[1];
    const reset = await request.post("/api/dashboard/forgot-password/new", { data: { email: teacher, code, password: TEACHER_PASSWORD } });
    expect(reset.status()).toBeLessThan(300);
    return { teacher, dueStudent: flagged[10]! };
  },
);
test.beforeEach(({ page }) => onTheDay(page));

/** Moves the focus onto `target` with Tab, then activates it with Enter, as a keyboard user does. */
async function keyboardTo(page: Page, target: Locator, max = 120) {
  await target.waitFor();
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) {
      await page.keyboard.press("Enter");
      return;
    }
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

const rowsOf = (page: Page) =>
  page
    .getByRole("group", { name: /^Follow-ups/ })
    .getByRole("table")
    .locator("tbody tr");

test("the district admin filters, searches, sorts and pages the district's Follow-up tab and downloads its CSV, by keyboard", async ({
  page,
}) => {
  await signInAdmin(page, world, `/district/${world.districtId}`);
  const sections = page.getByRole("navigation", { name: "District sections" });
  await expect(sections.getByRole("link")).toHaveText([
    "Schools",
    "Summary",
    "Users",
    "Screening Calendar",
    "Norms and cutoffs",
    "Follow-up",
    "Follow-up policy",
  ]);
  await keyboardTo(page, sections.getByRole("link", { name: "Follow-up", exact: true }));
  await expect(page).toHaveURL(/tab=followUps/);
  const filters = page.getByRole("navigation", { name: "Follow-up status" });
  await expect(filters.getByRole("link")).toHaveText([
    "Overdue (0)",
    `Due this week (${FLAGGED - 4})`,
    "Open (2)",
    "Done (1)",
    "Opted out (2)",
    `All (${FLAGGED + 1})`,
  ]);
  await expect(page.getByRole("link", { name: "Annual counts" })).toHaveAttribute("href", `/district/${world.districtId}/follow-up-counts`);
  // 52 rows: a page of 50, then the last 2.
  await expect(page.getByText(`1–50 of ${FLAGGED + 1}`)).toBeVisible();
  await expect(rowsOf(page)).toHaveCount(50);
  await expectNoAxeViolations(page);
  await keyboardTo(page, page.getByRole("link", { name: "Next page" }));
  await expect(page.getByText(`51–${FLAGGED + 1} of ${FLAGGED + 1}`)).toBeVisible();
  await expect(rowsOf(page)).toHaveCount(2);

  // The status filter: only the two whose notice went out, the page back to the first.
  await keyboardTo(page, filters.getByRole("link", { name: "Open (2)" }));
  await expect(page).toHaveURL(/status=open/);
  await expect(page).not.toHaveURL(/page=/);
  await expect(filters.getByRole("link", { name: "Open (2)" })).toHaveAttribute("aria-current", "page");
  await expect(rowsOf(page)).toHaveCount(2);
  await expect(rowsOf(page).first()).toContainText("Record the outcome");
  await expect(rowsOf(page).first()).toContainText("Due: not set");

  // Sorted by the student's name, both ways.
  await keyboardTo(page, filters.getByRole("link", { name: /^All / }));
  // The sort links are those of the list shown: wait for the whole list before sorting it.
  await expect(filters.getByRole("link", { name: /^All / })).toHaveAttribute("aria-current", "page");
  await expect(page).not.toHaveURL(/status=/);
  const student = page.getByRole("columnheader", { name: /^Student/ });
  await keyboardTo(page, student.getByRole("link"));
  await expect(student).toHaveAttribute("aria-sort", "ascending");
  await expect(rowsOf(page).first().getByRole("rowheader")).toHaveText("Lister01, Kid");
  await keyboardTo(page, student.getByRole("link"));
  await expect(student).toHaveAttribute("aria-sort", "descending");
  await expect(rowsOf(page).first().getByRole("rowheader")).toHaveText("Screened, Never");
  await expect(rowsOf(page).first()).toContainText("Opted out of screening");

  // Search by name, and the row leads to the student's follow-up page.
  const search = page.getByRole("searchbox", { name: "Search follow-ups" });
  await search.focus();
  await page.keyboard.type("Lister11");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/q=Lister11/);
  await expect(rowsOf(page)).toHaveCount(1);
  const row = rowsOf(page).first();
  await expect(row).toContainText("Send the family's notice");
  await expect(row).toContainText(`Due ${d(3)} (in 3 days)`);
  await expect(row).toContainText("Due this week");
  await expect(row.getByRole("link", { name: "Lister11, Kid" })).toHaveAttribute("href", `/student/${world.dueStudent}/follow-up`);

  // The CSV: every row of the filter, not only the page.
  await keyboardTo(page, filters.getByRole("link", { name: /^Due this week/ }));
  await expect(page).toHaveURL(/status=due-this-week/);
  await expect(page).toHaveURL(/q=Lister11/);
  await keyboardTo(page, page.getByRole("link", { name: "Clear search" }));
  await expect(page).not.toHaveURL(/q=/);
  const download = page.waitForEvent("download");
  await keyboardTo(page, page.getByRole("link", { name: "Download CSV" }));
  const file = readFileSync((await (await download).path())!, "utf8").replace(/^\uFEFF/, "");
  const lines = file.trim().split("\r\n");
  expect(lines[0]).toBe(
    "Student,Participant Code,School,Classroom,Grade,Period,Flags,Flagged On,Notice Due,Notice Sent On,Next Step,Next Step Due,Due,Status",
  );
  expect(lines).toHaveLength(FLAGGED - 4 + 1);
  expect(lines.every((l, i) => i === 0 || l.endsWith(`,Send the family's notice,${d(3)},Due ${d(3)} (in 3 days),Due this week`))).toBe(
    true,
  );
  expect(lines.find((l) => l.startsWith('"Lister11, Kid"'))).toContain(",Lists Elementary,Lists Room,1st,BOY,Dyslexia risk,");
});

test("the school's Follow-up tab lists the same rows and links the school's annual counts", async ({ page }) => {
  await signInAdmin(page, world, `/school/${world.schoolId}`);
  const sections = page.getByRole("navigation", { name: "School sections" });
  await expect(sections.getByRole("link")).toHaveText(["Classrooms", "Students", "Summary", "Follow-up"]);
  await keyboardTo(page, sections.getByRole("link", { name: "Follow-up", exact: true }));
  await expect(page.getByRole("navigation", { name: "Follow-up status" }).getByRole("link").last()).toHaveText(`All (${FLAGGED + 1})`);
  await expect(page.getByRole("link", { name: "Annual counts" })).toHaveAttribute("href", `/school/${world.schoolId}/follow-up-counts`);
  // A school's list names no school column.
  await expect(page.getByRole("columnheader", { name: "School" })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("the teacher sees the notice marks on the classroom grid, the class's list, and the next step on the student page", async ({
  page,
}) => {
  await signIn(page, world.teacher, { password: TEACHER_PASSWORD, to: `/classroom/${world.classroomId}` });
  const line = page.getByRole("link", { name: `Family notice overdue: 0 · due this week: ${FLAGGED - 4}` });
  await expect(line).toBeVisible();
  const name = page.getByRole("rowheader", { name: /Lister11, Kid/ });
  const mark = name.getByRole("link", { name: "Notice due this week – follow-up of Lister11, Kid" });
  await expect(mark).toHaveAttribute("href", `/student/${world.dueStudent}/follow-up`);
  await expect(mark).toHaveText(/^Notice due this week/);
  // Sent, done and opted out: no mark.
  await expect(page.getByRole("rowheader", { name: /Lister01, Kid/ }).locator(".notice-mark")).toHaveCount(0);
  await expectNoAxeViolations(page);

  await keyboardTo(page, line);
  await expect(page.getByRole("heading", { level: 1, name: "Follow-ups: Lists Room" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Follow-up status" }).getByRole("link").last()).toHaveText(`All (${FLAGGED + 1})`);
  await expect(page.getByRole("link", { name: "Annual counts" })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.goto(`/student/${world.dueStudent}`);
  await expect(page.getByText(`Next: Send the family's notice. Due ${d(3)} (in 3 days).`)).toBeVisible();
  await expect(page.getByRole("link", { name: "Follow-up after a flag" })).toHaveAttribute(
    "href",
    `/student/${world.dueStudent}/follow-up`,
  );
  await expectNoAxeViolations(page);

  // The district's list is not the teacher's: no tab, and its CSV is refused by the API.
  await page.goto(`/district/${world.districtId}?tab=followUps`);
  await expect(page.getByRole("navigation", { name: "District sections" }).getByRole("link")).toHaveText(["Schools", "Summary"]);
  await expect(page.getByRole("navigation", { name: "Follow-up status" })).toHaveCount(0);
  await page.goto(`/download/follow-ups/${world.districtId}`);
  await expect(toast(page, "Report not found")).toBeVisible();
});

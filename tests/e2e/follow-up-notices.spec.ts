import { expect, test, type Locator, type Page } from "@playwright/test";
import { toast } from "./support/admin";
import { api, outboxText, signInAdmin, useApiWorld } from "./support/api-world";
import { signIn } from "./support/auth";
import { expectNoAxeViolations } from "./support/axe";
import { d, FIRST, LAST, onTheDay, YEAR } from "./support/school-year";

// Issue 38 item 4, the family notice letter: the district admin writes the district's own
// wording with a preview (an unknown fill-in refused by name, what was typed kept) and returns to
// the default; a teacher prints her class's notices (one letter per flagged student, one per
// page, in Spanish too), says they went out, and the district's Follow-up tab counts them no longer
// owed. The district is the spec's own: three grade 1 students flagged for dyslexia risk five days
// ago (the screener computed their scores then and uploaded them today), one not flagged, under a
// policy that gives the family's notice three days, so each notice is overdue.

test.describe.configure({ mode: "serial", timeout: 150_000 });

const ADMIN_PASSWORD = "Notice#Letter2026admin";
const TEACHER_PASSWORD = "Notice#Letter2026teach";
const LISTS = { "1": ["letter-ran", "vocab"] };
const FLAGGED = ["Nia", "Omar", "Pia"];

const world = useApiWorld(
  {
    label: "Notices",
    teacher: { firstName: "Tess", lastName: "Teacher" },
    students: [
      ...FLAGGED.map((firstName) => ({ firstName, lastName: "Noticed", dateOfBirth: "05/17/2019", grade: "1" })),
      { firstName: "Quinn", lastName: "Clear", dateOfBirth: "05/17/2019", grade: "1" },
    ],
    calendar: {
      academicYear: YEAR,
      periods: {
        BOY: { startDate: FIRST, endDate: d(10), gradeLists: LISTS },
        MOY: { startDate: d(11), endDate: d(20), gradeLists: LISTS },
        EOY: { startDate: d(21), endDate: LAST, gradeLists: LISTS },
      },
    },
    admin: { firstName: "Nora", lastName: "Admin", password: ADMIN_PASSWORD },
  },
  async ({ token, studentIds, districtId, tag }, request) => {
    // Three days for the family's notice, from the day the screener computed the flagging scores.
    await api(request, token, "PUT", `/organization/${districtId}/followUpPolicy`, {
      policy: {
        flags: ["dyslexia"],
        dayCount: "calendar",
        noticeDays: 3,
        monitoringDays: null,
        furtherStepDays: null,
        priorNoticeDays: null,
        optOutAllowed: false,
        presetId: null,
      },
      nonSchoolDays: [],
    });
    // Grade 1 BOY: a dyslexia score above 0.171 is 'At risk'.
    for (const [i, participantId] of studentIds.entries())
      await api(request, token, "POST", "/participantTest/predictiveProfile", {
        participantId,
        academicYear: YEAR,
        periodName: "BOY",
        dyslexia: i < FLAGGED.length ? 0.5 : 0.05,
        pwr: 0.9,
        computedAt: `${d(-5)}T12:00:00Z`,
      });
    const teacher = `${tag}.teacher@notices.example`;
    await api(request, token, "POST", `/user/inviteUser/${teacher}`);
    const code = /verification code: ([A-Z0-9]+)/.exec(outboxText(teacher))?.[1];
    const reset = await request.post("/api/dashboard/forgot-password/new", { data: { email: teacher, code, password: TEACHER_PASSWORD } });
    expect(reset.status()).toBeLessThan(300);
    return { teacher };
  },
);
test.beforeEach(({ page }) => onTheDay(page));

/** Moves the focus onto `target` with Tab, then activates it with Enter, as a keyboard user does. */
async function keyboardTo(page: Page, target: Locator, max = 80) {
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

/** The district's Follow-up tab's count of one status ('Overdue (3)'). */
async function statusCount(page: Page, label: string): Promise<number> {
  await page.goto(`/district/${world.districtId}?tab=followUps`);
  const link = page.getByRole("navigation", { name: "Follow-up status" }).getByRole("link", { name: new RegExp(`^${label} \\(\\d+\\)$`) });
  const text = (await link.textContent()) ?? "";
  return Number(/\((\d+)\)$/.exec(text)?.[1]);
}

test("the district admin writes the letter's wording with a preview, and returns to the default", async ({ page }) => {
  await signInAdmin(page, world, `/district/${world.districtId}?tab=followUp`);
  await keyboardTo(page, page.getByRole("link", { name: "Edit the family notice letter" }));
  await expect(page.getByRole("heading", { name: "Family notice letter", level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);

  const english = page.getByRole("group", { name: /^English letter/ });
  await expect(english).toHaveAccessibleName("English letter: the default wording");
  await page.getByLabel("Whom families contact").fill("Ms. Rivera, reading specialist, (555) 010-0100");
  await english.getByLabel("Title").fill("Reading screening news for {student}");
  await english.getByLabel("Letter").fill("Dear family of {student} ({grade}),\n\nPlease talk to {teacher} or {contact}.");
  await page.getByRole("button", { name: "Save the letter" }).focus();
  await page.keyboard.press("Enter");
  // Refused by name, beside its field; what was typed stays.
  const message = "Unknown placeholder {teacher}: use {student}, {grade}, {date}, {school} or {contact}.";
  await expect(english.getByLabel("Letter")).toHaveAttribute("aria-invalid", "true");
  await expect(english.getByLabel("Letter")).toHaveAccessibleDescription(message);
  await expect(english.getByLabel("Letter")).toHaveValue("Dear family of {student} ({grade}),\n\nPlease talk to {teacher} or {contact}.");
  await expect(page.getByLabel("Whom families contact")).toHaveValue("Ms. Rivera, reading specialist, (555) 010-0100");

  await english.getByLabel("Letter").fill("Dear family of {student} ({grade}),\n\nPlease talk to {contact}.");
  // The preview with a real student of the district, before anything is saved.
  await page.getByLabel("Fill in with").selectOption({ label: `Noticed, Nia (Notices Elementary)` });
  await page.getByRole("button", { name: "Preview the letter" }).click();
  const preview = page.getByRole("region", { name: "Preview: English letter" });
  await expect(preview.getByRole("heading", { name: "Reading screening news for Nia Noticed" })).toBeVisible();
  await expect(preview.getByText("Dear family of Nia Noticed (1st grade),")).toBeVisible();
  await expect(preview.getByText("Please talk to Ms. Rivera, reading specialist, (555) 010-0100.")).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Save the letter" }).click();
  await expect(toast(page, "The family notice letter was saved.")).toBeVisible();
  await expect(english).toHaveAccessibleName("English letter: the district's own wording");
  await expect(english.getByLabel("Title")).toHaveValue("Reading screening news for {student}");

  await page.getByRole("button", { name: "Return the English letter to the default wording" }).click();
  await expect(toast(page, "The English letter is back to the default wording.")).toBeVisible();
  await expect(english).toHaveAccessibleName("English letter: the default wording");
  await expect(english.getByLabel("Title")).toHaveValue("Reading screening: a letter for the family of {student}");
  await expect(page.getByLabel("Whom families contact")).toHaveValue("Ms. Rivera, reading specialist, (555) 010-0100");
});

test("a teacher prints her class's notices, marks them sent, and the district's count drops by as many", async ({ page }) => {
  await signInAdmin(page, world);
  const overdueBefore = await statusCount(page, "Overdue");
  const openBefore = await statusCount(page, "Open");
  expect(overdueBefore).toBe(FLAGGED.length);

  await signIn(page, world.teacher, { password: TEACHER_PASSWORD, to: `/classroom/${world.classroomId}/family-reports` });
  await keyboardTo(page, page.getByRole("link", { name: "Print family notices" }));
  await expect(page.getByRole("heading", { name: "Print family notices", level: 1 })).toBeVisible();
  // One letter per flagged student, each on its own page; the unflagged student gets none.
  const letters = page.locator("article.family-notice");
  await expect(letters.getByRole("heading", { level: 2 })).toHaveText(
    FLAGGED.map((name) => `Reading screening: a letter for the family of ${name} Noticed`),
  );
  await expect(letters.first()).toContainText("A flag is not a diagnosis.");
  await expect(letters.first()).toContainText("please contact Ms. Rivera, reading specialist, (555) 010-0100.");
  await page.emulateMedia({ media: "print" });
  expect(await letters.evaluateAll((els) => els.map((el) => getComputedStyle(el).breakBefore))).toEqual(["auto", "page", "page"]);
  await expect(page.getByRole("group", { name: "After printing: record the notices as sent" })).toBeHidden();
  await page.emulateMedia({ media: "screen" });
  await expectNoAxeViolations(page);

  // In Spanish, by the language choice.
  await page.getByLabel("Language").selectOption({ label: "Español" });
  await expect(letters.first()).toHaveAttribute("lang", "es");
  await expect(letters.first().getByRole("heading")).toHaveText("Evaluación de lectura: una carta para la familia de Nia Noticed");
  await expect(letters.first()).toContainText("Una alerta no es un diagnóstico.");
  await expect(letters.first()).toContainText("1.er grado");
  await expectNoAxeViolations(page);

  // Nothing is recorded by printing; the teacher says which went out: all but Pia's.
  const form = page.getByRole("group", { name: "After printing: record the notices as sent" });
  await expect(form.getByRole("checkbox")).toHaveCount(FLAGGED.length);
  await form.getByRole("checkbox", { name: "Noticed, Pia" }).uncheck();
  const button = form.getByRole("button", { name: `Mark 2 notices as sent (printed, ${d(0)})` });
  await button.focus();
  await page.keyboard.press("Enter");
  await expect(toast(page, "2 notices recorded as sent.")).toBeVisible();
  await expect(letters.getByRole("heading", { level: 2 })).toHaveText(["Evaluación de lectura: una carta para la familia de Pia Noticed"]);

  await signInAdmin(page, world);
  expect(await statusCount(page, "Overdue")).toBe(overdueBefore - 2);
  expect(await statusCount(page, "Open")).toBe(openBefore + 2);
});

test("from a student's follow-up page, the family notice prints in the language chosen and is marked sent", async ({ page }) => {
  await signIn(page, world.teacher, { password: TEACHER_PASSWORD, to: `/student/${world.studentIds[2]}/follow-up` });
  await page.getByLabel("Letter language").selectOption({ label: "Español" });
  await page.getByRole("button", { name: "Print the family notice" }).click();
  await expect(page.getByRole("heading", { name: "Print the family notice: Noticed, Pia", level: 1 })).toBeVisible();
  const letter = page.locator("article.family-notice");
  await expect(letter).toHaveAttribute("lang", "es");
  await expect(letter).toContainText("Estimada familia de Pia Noticed:");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: `Mark 1 notice as sent (printed, ${d(0)})` }).click();
  await expect(toast(page, "1 notice recorded as sent.")).toBeVisible();
  await expect(page.getByText(`The notice was recorded as sent on ${d(0)}. You can print the letter again.`)).toBeVisible();
  await page.getByRole("link", { name: "Back to the follow-up" }).click();
  await expect(page.getByRole("list", { name: "Timeline" }).getByRole("listitem").last()).toHaveText(
    `${d(0)} Notice sent: Printed (recorded by Tess Teacher)`,
  );
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a refused fill-in shows under its field, and the preview fills in the sample student", async ({ page }) => {
    await signInAdmin(page, world, `/district/${world.districtId}/notice-letter`);
    const spanish = page.getByRole("group", { name: /^Español letter/ });
    await spanish.getByLabel("Letter").fill("Hola {maestra}");
    await page.getByRole("button", { name: "Save the letter" }).click();
    await expect(spanish.getByLabel("Letter")).toHaveAccessibleDescription(
      "Unknown placeholder {maestra}: use {student}, {grade}, {date}, {school} or {contact}.",
    );
    await expect(spanish.getByLabel("Letter")).toHaveValue("Hola {maestra}");
    await expect(spanish).toHaveAccessibleName("Español letter: the default wording");

    await spanish.getByLabel("Letter").fill("Hola, familia de {student} ({grade}).");
    await page.getByLabel("Language", { exact: true }).selectOption("es");
    await page.getByRole("button", { name: "Preview the letter" }).click();
    const preview = page.getByRole("region", { name: "Preview: Español letter, sample student" });
    await expect(preview.getByText("Hola, familia de Sam Sample (1.er grado).")).toBeVisible();
    await expect(spanish.getByLabel("Letter")).toHaveValue("Hola, familia de {student} ({grade}).");
  });
});

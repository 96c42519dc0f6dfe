import { readdirSync } from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { exportZip, oneRosterFiles, sampleDistrict } from "../support/oneroster-export";
import { toast } from "./support/admin";
import { districtOfItsOwn } from "./support/api-world";
import { expectNoAxeViolations } from "./support/axe";

// Issue 35 item 7: the teachers a roster import creates cannot sign in. After applying, the
// rostering success page points to inviting them and to the screening calendar; the invitation
// page says who cannot sign in and asks 'Send invitations to 4 teachers?' before it mails anyone,
// with JavaScript and without, and a second click mails nobody twice. Each test builds a district
// of its own through the API, so the counts are its own.

// Pages checked with axe (the calendar's form holds about 150 checkboxes) on a loaded machine.
test.describe.configure({ timeout: 180_000 });

const PASSWORD = "Invite#Teachers2026";

/** A new district of the test's own, its admin signed in on the rostering page. */
async function ownDistrict(request: APIRequestContext, page: Page) {
  const { districtId, name, tag } = await districtOfItsOwn(request, page, "Invite District", PASSWORD, "/rostering/:id");
  const prefix = `${tag.slice(-10)}r`;
  const teachers = [1, 2].flatMap((school) => [1, 2].map((n) => `${prefix}-tch-${school}-${n}@example.org`));
  return { districtId, name, prefix, teachers };
}

const zipOf = (prefix: string) => ({
  name: `${prefix}-roster.zip`,
  mimeType: "application/zip",
  buffer: exportZip(oneRosterFiles(sampleDistrict(prefix))),
});

/** The own district's admin uploads its roster (four teachers) and applies the preview, as on the rostering page. */
async function rosterApplied(request: APIRequestContext, page: Page) {
  const d = await ownDistrict(request, page);
  await page.getByLabel(/Roster file/).setInputFiles(zipOf(d.prefix));
  await page.getByRole("button", { name: "Submit" }).click();
  await page
    .getByRole("region", { name: `Preview of ${d.prefix}-roster.zip` })
    .getByRole("button", { name: "Apply" })
    .click();
  await expect(page.getByText("Upload successful.")).toBeVisible();
  return d;
}

/** How many e-mails the main e2e server wrote to `to` (its outbox: one file per e-mail). */
function mailsTo(to: string): number {
  const dir = path.join(process.cwd(), `.tmp/e2e-data-${process.env.E2E_PORT ?? 3210}`, "outbox");
  return readdirSync(dir).filter((f) => f.endsWith(`-${to.replace(/[^a-z0-9@.]/gi, "_")}.txt`)).length;
}

/** The status cell of a teacher's row on the invitation page. */
const statusOf = (page: Page, email: string) => page.getByRole("row").filter({ hasText: email }).getByRole("cell").last();

test("after applying a roster: invite its teachers from the success page, confirming the count, and find the standard calendar", async ({
  page,
  request,
}) => {
  const d = await rosterApplied(request, page);

  const next = page.getByRole("region", { name: "Next steps" });
  await expect(next).toContainText("This upload created 4 teachers.");
  await expect(next.getByRole("link", { name: "Check the screening calendar" })).toHaveAttribute(
    "href",
    `/district/${d.districtId}?tab=calendar`,
  );
  await expectNoAxeViolations(page);

  // The question states the count; nothing is sent before it is answered.
  await next.getByRole("link", { name: "Invite the teachers who cannot sign in yet" }).click();
  await expect(page).toHaveURL(new RegExp(`/district/${d.districtId}/invitations$`));
  await expect(page.getByRole("heading", { level: 1, name: "Teachers who cannot sign in yet" })).toBeVisible();
  await expect(page.getByText("4 teachers from the district's roster imports cannot sign in yet: 4 never invited.")).toBeVisible();
  const question = page.getByRole("region", { name: "Send invitations to 4 teachers?" });
  await expect(question).toContainText("valid 7 days");
  for (const email of d.teachers) {
    await expect(statusOf(page, email)).toHaveText("Not invited");
    expect(mailsTo(email)).toBe(0);
  }
  await expectNoAxeViolations(page);

  await question.getByRole("button", { name: "Send invitations" }).click();
  await expect(toast(page, "Invitations sent to 4 teachers.")).toBeVisible();
  // Who still cannot sign in: the four, until they set a password; nobody is left to invite.
  await expect(
    page.getByText("4 teachers from the district's roster imports cannot sign in yet: 4 invited who have not set a password yet."),
  ).toBeVisible();
  await expect(page.getByText("Nobody to invite: every teacher listed already has an invitation that works.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Send invitations" })).toHaveCount(0);
  for (const email of d.teachers) {
    await expect(statusOf(page, email)).toHaveText("Invited, password not set yet");
    expect(mailsTo(email)).toBe(1);
  }
  await expectNoAxeViolations(page);

  // The calendar the success page points to: a new district's starts with the standard tests ticked and no dates.
  await page.goto(`/district/${d.districtId}?tab=calendar`);
  await expect(
    page.getByText("This district has no screening calendar yet. The standard tests of each grade are ticked below"),
  ).toBeVisible();
  await expect(page.getByText("The dates are left for you to enter, as there are no standard dates.")).toBeVisible();
  for (const name of [
    "Object RAN, grade PK, BOY",
    "Object RAN, grade K, MOY",
    "Letter RAN, grade 1st, EOY",
    "RER Letter RAN, grade 2nd, BOY",
  ]) {
    await expect(page.getByRole("checkbox", { name })).toBeChecked();
  }
  await expect(page.getByRole("checkbox", { name: "Letter RAN, grade K, BOY" })).toHaveCount(0);
  await expect(page.getByRole("group", { name: "Beginning of Year (BOY)" }).getByLabel("Start date (YYYY-MM-DD)")).toHaveValue("");
  await expectNoAxeViolations(page);

  // Saved with the district's dates and one test left out, 'Use the standard calendar' ticks it again (saved only on Save).
  const year = await page.locator('input[name="academicYear"]').inputValue();
  const first = Number(year.slice(0, 4));
  const windows = {
    BOY: [`${first}-08-15`, `${first}-10-31`],
    MOY: [`${first}-12-01`, `${first + 1}-02-15`],
    EOY: [`${first + 1}-04-01`, `${first + 1}-06-15`],
  } as const;
  for (const [period, [start, end]] of Object.entries(windows)) {
    const group = page.getByRole("group", { name: new RegExp(`\\(${period}\\)$`) });
    await group.getByLabel("Start date (YYYY-MM-DD)").fill(start);
    await group.getByLabel("End date (YYYY-MM-DD)").fill(end);
  }
  const objectRan = page.getByRole("checkbox", { name: "Object RAN, grade PK, BOY" });
  await objectRan.uncheck();
  await page.getByRole("button", { name: "Save calendar" }).click();
  await expect(toast(page, `The ${year} screening calendar was saved.`)).toBeVisible();
  await expect(objectRan).not.toBeChecked();
  await page.getByRole("link", { name: "Use the standard calendar" }).click();
  await expect(page.getByText("The standard tests of each grade are ticked below in place of the saved ones")).toBeVisible();
  await expect(objectRan).toBeChecked();
  await expect(page.getByRole("group", { name: "Beginning of Year (BOY)" }).getByLabel("Start date (YYYY-MM-DD)")).toHaveValue(
    windows.BOY[0],
  );
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Show the saved tests again" }).click();
  await expect(objectRan).not.toBeChecked();
});

test.describe("without JavaScript", () => {
  // axe runs in the page, so it needs JavaScript: the first test checked these pages.
  test.use({ javaScriptEnabled: false });

  test("two clicks on two open pages mail each teacher once", async ({ page, request, context }) => {
    const d = await rosterApplied(request, page);
    await page.getByRole("link", { name: "Invite the teachers who cannot sign in yet" }).click();
    const second = await context.newPage();
    await second.goto(page.url());
    for (const p of [page, second]) await expect(p.getByRole("heading", { name: "Send invitations to 4 teachers?" })).toBeVisible();

    await page.getByRole("button", { name: "Send invitations" }).click();
    await expect(page.getByText("Invitations sent to 4 teachers.")).toBeVisible();
    await second.getByRole("button", { name: "Send invitations" }).click();
    await expect(second.getByText("No invitations were sent: nobody was left to invite.")).toBeVisible();
    for (const email of d.teachers) expect(mailsTo(email)).toBe(1);
  });
});

import { expect, test } from "@playwright/test";
import { DELTA_MANIFEST, exportZip, oneRosterFiles, sampleDistrict, type ExportSpec } from "../support/oneroster-export";
import { toast } from "./support/admin";
import { districtOfItsOwn } from "./support/api-world";
import { expectNoAxeViolations } from "./support/axe";

// Issue 35 item 1 in the browser: the district admin makes a rostering key on the district page,
// the link it shows once uploads and applies with nobody signed in, and revoking it (after a
// confirmation) stops the link. Each test has a district of its own: the rostering spec's Undo is
// of the demo district's latest import, which an upload here would take from it. An upload that would deactivate more than 5% of the district
// states the counts, and only a signed-in admin who ticks them applies it.

const PASSWORD = "Roster#Key2026";
const prefix = () => `k${Date.now().toString(36)}${Math.floor(Math.random() * 1e3)}`;

/** A delta export: nothing it leaves out is deactivated. */
function deltaZip(p: string) {
  const spec: ExportSpec = {
    ...sampleDistrict(p),
    manifest: { ...DELTA_MANIFEST },
  };
  return { name: `${p}-roster.zip`, mimeType: "application/zip", buffer: exportZip(oneRosterFiles(spec)) };
}

test("a rostering key made on the district page uploads and applies without sign-in; revoked, its link stops", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { districtId } = await districtOfItsOwn(request, page, "Key District", PASSWORD);
  await page.goto(`/district/${districtId}?tab=schools`);
  const section = page.getByRole("region", { name: "Rostering key" });
  await expect(section.getByText("This district has no rostering key.")).toBeVisible();
  await section.getByRole("button", { name: "Make a rostering key" }).click();
  await expect(section.getByText("Copy this link now: it is shown only once.", { exact: false })).toBeVisible();
  const link = await section.getByLabel("Rostering link with the key").inputValue();
  expect(link).toMatch(new RegExp(`/rostering/${districtId}\\?key=[\\w-]{43}$`));
  await expect(section.getByText(/This district has a key, made .* UTC by /)).toBeVisible();
  await expectNoAxeViolations(page);

  // Nobody signed in: the link's upload applies.
  const anonymous = await browser.newContext();
  const robot = await anonymous.newPage();
  const keyed = new URL(link);
  await robot.goto(keyed.pathname + keyed.search);
  await expect(robot.getByText("This link carries the district's rostering key", { exact: false })).toBeVisible();
  const p = prefix();
  await robot.getByLabel(/Roster file/).setInputFiles(deltaZip(p));
  await robot.getByRole("button", { name: "Submit" }).click();
  await expect(robot.getByRole("heading", { name: `Preview of ${p}-roster.zip` })).toBeVisible();
  await robot.getByRole("button", { name: "Apply" }).click();
  await expect(robot.getByText("Upload successful.")).toBeVisible();
  await expectNoAxeViolations(robot);

  // Revoking asks first; then the same link previews but cannot apply.
  await page.reload();
  await section.getByRole("link", { name: "Revoke key" }).click();
  await expect(section.getByRole("heading", { name: "Revoke the rostering key?" })).toBeVisible();
  await expectNoAxeViolations(page);
  await section.getByRole("button", { name: "Revoke key" }).click();
  await expect(toast(page, "The rostering key was revoked")).toBeVisible();
  await expect(section.getByText("This district has no rostering key.")).toBeVisible();

  await robot.goto(keyed.pathname + keyed.search);
  await robot.getByLabel(/Roster file/).setInputFiles(deltaZip(prefix()));
  await robot.getByRole("button", { name: "Submit" }).click();
  await expect(robot.getByText("Upload error: This rostering link's key is not valid", { exact: false })).toBeVisible();
  await anonymous.close();
});

test("an upload that deactivates more than 5% states the counts, and the admin applies it only by ticking them", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { districtId } = await districtOfItsOwn(request, page, "Key District", PASSWORD);
  const p = prefix();
  await page.goto(`/rostering/${districtId}`);
  await page.getByLabel(/Roster file/).setInputFiles(deltaZip(p));
  await page.getByRole("button", { name: "Submit" }).click();
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("Upload successful.")).toBeVisible();

  // The same district's classes marked tobedeleted: its 10 classrooms are more than 5% of the district's.
  const spec: ExportSpec = {
    ...sampleDistrict(p),
    manifest: { ...DELTA_MANIFEST },
  };
  spec.classes = spec.classes.map((c) => ({ ...c, status: "tobedeleted" }));
  spec.enrollments = [];
  await page.goto(`/rostering/${districtId}`);
  await page
    .getByLabel(/Roster file/)
    .setInputFiles({ name: `${p}-drop.zip`, mimeType: "application/zip", buffer: exportZip(oneRosterFiles(spec)) });
  await page.getByRole("button", { name: "Submit" }).click();
  const preview = page.getByRole("region", { name: `Preview of ${p}-drop.zip` });
  await expect(preview.getByText(/This upload would deactivate \d+ of \d+ classrooms \(\d+%\)\./)).toBeVisible();
  const tick = preview.getByRole("checkbox", { name: /I confirm deactivating \d+ of \d+ classrooms/ });
  await expectNoAxeViolations(page);
  // The box is required: Apply without it does not post.
  await preview.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("Upload successful.")).toHaveCount(0);
  await tick.check();
  await preview.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("Upload successful.")).toBeVisible();
});

import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { DEMO, signIn } from "./support/auth";
import { apiToken, useApiWorld, type ApiWorld } from "./support/api-world";
import { expectNoAxeViolations, expectNoAxeViolationsWithoutScripts } from "./support/axe";
import { letterNamesUpload } from "../support/letter-upload";

// Issue 41 item 3, a district deleted for good, seen in a browser: a super admin goes from the
// Districts list to the district's records, reads what the deletion takes (counted) and what it
// means, confirms, and reads the receipt; counts that changed meanwhile are shown again before
// anything goes. With the keyboard alone, and without JavaScript. A district admin cannot reach
// the page. Each test deletes a district of its own, built through the API.

const keyboardWorld = useApiWorld(
  {
    label: "Wipe",
    admin: { firstName: "Wanda", lastName: "Wiper", password: "Wiping#2026!" },
    students: [{ firstName: "Kip", lastName: "Keys", grade: "K" }],
  },
  async (built, request) => {
    await uploadResult(request, built, "first");
    return {};
  },
);
const noScriptWorld = useApiWorld(
  { label: "Nojs", students: [{ firstName: "Nia", lastName: "Noscript", grade: "K" }] },
  async (built, request) => {
    await uploadResult(request, built, "first");
    return {};
  },
);

/** One letter-names result with two item scores for the world's student, as the screener uploads it. */
async function uploadResult(request: APIRequestContext, world: ApiWorld, tag: string) {
  const participantId = world.studentIds[0]!;
  const res = await request.post("/api/participantTest/results", {
    headers: { authorization: `Bearer ${world.token}` },
    data: letterNamesUpload(participantId, `wipe-${tag}-${participantId}`),
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
}

/** The super admin finds the world's district in the Districts list and follows its Delete for good link. */
async function openRecordsFromList(page: Page, label: string, world: ApiWorld) {
  await signIn(page, DEMO.superAdmin, { to: "/super-admin" });
  const search = page.getByRole("searchbox", { name: "Search districts" });
  await search.fill(`${label} District`);
  await search.press("Enter");
  await expect(page).toHaveURL(/[?&]q=/);
  const link = page.locator(`a[href="/district/${world.districtId}/records"]`);
  await expect(link).toHaveAccessibleName(new RegExp(`^Delete for good ${label} District`));
  await expect(link).toHaveText("Delete for good");
  return link;
}

const counts = (results: number, scores: number, staff: number) =>
  `1 school, 1 classroom, 1 student, ${staff} staff ${staff === 1 ? "account" : "accounts"}, ${results} ${results === 1 ? "result" : "results"}, ${scores} scores and 0 recordings`;

async function tabTo(page: Page, target: ReturnType<Page["getByRole"]>) {
  for (let i = 0; i < 8 && !(await target.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
  await expect(target).toBeFocused();
}

test("a super admin deletes a district for good after seeing its counts, by keyboard; changed counts are shown again first", async ({
  page,
  request,
}) => {
  const link = await openRecordsFromList(page, "Wipe", keyboardWorld);
  await link.focus();
  await page.keyboard.press("Enter");
  const heading = page.getByRole("heading", { level: 1, name: /^District records: Wipe District/ });
  await expect(heading).toBeVisible();
  const name = (await heading.textContent())!.replace("District records: ", "");
  for (const line of ["1 school", "1 classroom", "1 student", "1 staff account", "1 result", "2 scores", "0 recordings"])
    await expect(page.getByRole("listitem").filter({ hasText: new RegExp(`^${line}$`) })).toBeVisible();
  await expect(page.getByText(/^It cannot be undone/)).toBeVisible();
  await expect(page.getByText(/Copies in database and file backups taken before stay until those backups expire/)).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("link", { name: "Delete this district for good" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: `Delete ${name} for good` });
  await expect(dialog).toContainText(`Delete ${name} for good? This removes ${counts(1, 2, 1)}`);
  await expectNoAxeViolations(page);

  // A result arrives while the dialog is open: the deletion is refused and the counts now are shown.
  await uploadResult(request, keyboardWorld, "late");
  const button = dialog.getByRole("button", { name: "Delete for good" });
  await tabTo(page, button);
  await page.keyboard.press("Enter");
  await expect(dialog.getByRole("alert")).toHaveText(
    `The district's records changed since the counts you confirmed: deleting now removes ${counts(2, 4, 1)}. Check them and confirm again.`,
  );
  await expect(dialog).toContainText(`Delete ${name} for good? This removes ${counts(2, 4, 1)}`);

  await tabTo(page, button);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "District deleted for good" })).toBeVisible();
  const receipt = page.getByRole("heading", { level: 2, name: "Deletion receipt" }).locator("..");
  await expect(receipt).toContainText(`The district ${name} was deleted for good.`);
  await expect(receipt).toContainText(keyboardWorld.districtId);
  await expect(receipt.getByRole("row", { name: "participant_test 2" })).toBeVisible();
  await expect(receipt.getByRole("row", { name: "organization 1" })).toBeVisible();
  await expect(receipt.getByRole("button", { name: "Print receipt" })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("link", { name: "Back to Districts" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/super-admin$/);
  await expect(page.getByRole("link", { name, exact: true })).toHaveCount(0);
  // The district is gone: its records page says so.
  await page.goto(`/district/${keyboardWorld.districtId}/records`);
  await expect(page.getByText(/^District not found\. A district deleted for good/)).toBeVisible();
});

test("a district admin cannot open a district's records, not even their own district's", async ({ page, request }) => {
  await signIn(page, DEMO.districtAdmin);
  const district = new URL(page.url()).pathname;
  expect(district).toMatch(/^\/district\/[0-9a-f-]{36}$/);
  const response = await page.goto(`${district}/records`);
  expect(response?.status()).toBe(403);
  await expect(
    page.getByText("You are not authorized to view this page, contact your school or district administrator for assistance."),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Delete for good" })).toHaveCount(0);
  // Nor the API behind it.
  const token = await apiToken(request, DEMO.districtAdmin);
  const api = `/api${district.replace("/district/", "/organization/")}`;
  for (const res of [
    await request.get(`${api}/records`, { headers: { authorization: `Bearer ${token}` } }),
    await request.post(`${api}/erase`, {
      headers: { authorization: `Bearer ${token}` },
      data: { confirm: { schools: 1, classrooms: 1, students: 1, staff: 1, results: 0, scores: 0, recordings: 0 } },
    }),
  ])
    expect(res.status()).toBe(403);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the confirmation is a page of its own and the receipt follows", async ({ page }) => {
    const link = await openRecordsFromList(page, "Nojs", noScriptWorld);
    await link.click();
    await expect(page.getByRole("heading", { level: 1, name: /^District records: Nojs District/ })).toBeVisible();
    await page.getByRole("link", { name: "Delete this district for good" }).click();
    await expect(page).toHaveURL(/dialog=erase-district/);
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(`This removes ${counts(1, 2, 0)}`);
    await expectNoAxeViolationsWithoutScripts(page);
    await dialog.getByRole("button", { name: "Delete for good" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "District deleted for good" })).toBeVisible();
    await expect(page.getByText("Use your browser's Print command to print this receipt.")).toBeVisible();
    await expect(page.getByRole("row", { name: "participant 1" })).toBeVisible();
    await expect(page.getByText(noScriptWorld.districtId)).toBeVisible();
    await expectNoAxeViolationsWithoutScripts(page);
  });
});

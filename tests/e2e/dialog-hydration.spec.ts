import { expect, test } from "@playwright/test";
import { dialog } from "./support/admin";
import { DEMO, signIn } from "./support/auth";

// A dialog's code loads when it opens (app/components/lazy-dialog.tsx): a dialog the server sent
// open stays server HTML until its code arrives. A click on Save in that moment makes React
// hydrate the dialog at pointerdown, and Radix locks the page behind it (body pointer-events:
// none) one render before it gives the dialog its own "auto". On a slow machine the pointerup
// fell into that render: it hit the overlay, there was no click, and Save did nothing (found on
// CI, reproduced at 8× CPU throttling in 4 of 11 timings).

test("Save takes the click while the page behind an open dialog is locked and the dialog's own style is not yet set", async ({ page }) => {
  // The dialog's code never arrives: the dialog stays the server's HTML, as in that moment.
  await page.route(/\/build\/_shared\/DistrictDialog-[^/]*\.js$/, () => undefined);
  await signIn(page, DEMO.superAdmin, { to: "/super-admin?dialog=create-district" });
  await dialog(page).getByLabel("Website").fill("not a website");
  // Radix's lock, as its first effect sets it.
  await page.evaluate(() => (document.body.style.pointerEvents = "none"));
  // Without JavaScript for the dialog the form posts itself, and the server answers with its errors.
  await dialog(page).getByRole("button", { name: "Save" }).click({ timeout: 5_000 });
  await expect(dialog(page).getByRole("alert")).toHaveText("Error submitting form, please check your entries and try again.");
  await expect(dialog(page).getByLabel("Website")).toHaveValue("not a website");
});

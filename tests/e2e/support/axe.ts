import AxeBuilder from "@axe-core/playwright";
import { expect, type Browser, type Page } from "@playwright/test";

/** axe-core over the page as it stands (with any open dialog); no violations allowed. */
export async function expectNoAxeViolations(page: Page, include?: string) {
  // Every rule still runs on every node; only the passes are not written out node by node,
  // which on a classroom grid is a fifth of the scan's time (axe's documented option for large pages).
  const builder = new AxeBuilder({ page }).options({ resultTypes: ["violations"] });
  const results = await (include ? builder.include(include) : builder).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(summary).toEqual([]);
}

export interface Snapshot {
  html: string;
  address: string;
  browser: Browser;
}

/** The page's markup as it stands, for axe to check later: once the page has moved on, or where it cannot run axe. */
export const snapshotOf = async (page: Page): Promise<Snapshot> => ({
  html: await page.content(),
  address: page.url(),
  browser: page.context().browser()!,
});

/**
 * axe over a snapshot (only the part `include` selects, if given): its markup is opened again at
 * its address in a page of its own, where scripts run (axe runs in the page) but the app's are
 * held back, so the page stays as it was taken.
 */
export async function expectNoAxeViolationsIn(snapshot: Snapshot, include?: string) {
  // A context of its own (axe opens a second page in it to finish its run), with scripts on
  // whatever the test's own options say: Playwright's test runner applies them to new contexts too.
  const context = await snapshot.browser.newContext({ javaScriptEnabled: true });
  try {
    const checker = await context.newPage();
    await checker.route(
      (url) => url.href === snapshot.address,
      (route) => route.fulfill({ contentType: "text/html; charset=utf-8", body: snapshot.html }),
    );
    await checker.route("**/build/**/*.js", (route) => route.abort());
    await checker.goto(snapshot.address);
    await expectNoAxeViolations(checker, include);
  } finally {
    await context.close();
  }
}

/** axe over a page opened with JavaScript off, where axe cannot run in the page itself: what that browser showed. */
export const expectNoAxeViolationsWithoutScripts = async (page: Page) => expectNoAxeViolationsIn(await snapshotOf(page));

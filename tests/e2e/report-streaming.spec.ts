import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { DEMO, DEMO_PASSWORD, signIn } from "./support/auth";
import { expectNoAxeViolations } from "./support/axe";
import { REPORT_DATA_DIR, REPORT_FIXTURE_FILE, REPORT_URL, reportServerEnv } from "./support/report-env";
import { YEAR } from "./support/school-year";

// Issue 15: the Reports tab of a 10,000-student district: one row per school with a drill-down,
// and the completion CSV streamed: with JavaScript a progress line counts the rows as they come,
// and at the request level the first bytes arrive before the last rows are read. The spec runs
// its own server (a copy of the demo database with the district added by bulk SQL).

let server: ChildProcess | null = null;
/** A super admin's API token, for the calls the tests make past the page. */
let token = "";
let fixture: {
  districtId: string;
  firstSchool: { id: string; name: string; total: number; started: number; finished: number };
  lastSchoolId: string;
};

test.use({ baseURL: REPORT_URL });
test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const child = spawn("node", ["scripts/e2e-server.mjs"], {
    env: { ...process.env, ...reportServerEnv() },
    stdio: ["ignore", "pipe", "inherit"],
    // Its own process group: stopping it stops remix-serve under it too (npx does not pass SIGTERM on).
    detached: true,
  });
  server = child;
  // Ready when remix-serve says where it listens (its first line), not after a guessed delay.
  await new Promise<void>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      if (out.includes("[remix-serve]")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`the report server exited (${code}): ${out}`)));
  });
  fixture = JSON.parse(readFileSync(path.join(REPORT_DATA_DIR, REPORT_FIXTURE_FILE), "utf8"));
  // The first count of a district is the slow part (seconds on PGlite); made here, the tests
  // below read the kept counts, as a second visitor would.
  const login = await fetch(`${REPORT_URL}/api/dashboard/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: DEMO.superAdmin, password: DEMO_PASSWORD }),
  });
  token = ((await login.json()) as { token: string }).token;
  const warm = await fetch(`${REPORT_URL}/api/report/completion/${fixture.districtId}`, { headers: { authorization: `Bearer ${token}` } });
  expect(warm.status).toBe(200);
});

test.afterAll(() => {
  if (server?.pid) process.kill(-server.pid, "SIGTERM");
});

const pct = (part: number, total: number) => `${Math.round((part / total) * 100)}%`;

test("a super admin reads the report by school, opens a school, and downloads the CSV with its progress", async ({ page }) => {
  // 10,000 rows read and saved by the page, and an axe pass: about 30 s alone, a minute on a shared machine.
  test.setTimeout(90_000);
  await signIn(page, DEMO.superAdmin, { to: `/district/${fixture.districtId}?tab=reports` });
  const bySchool = page.getByRole("table", { name: "Completion by school" });
  await expect(bySchool.getByRole("row")).toHaveCount(21); // the header and 20 schools
  const s = fixture.firstSchool;
  await expect(bySchool.getByRole("row", { name: new RegExp(s.name) })).toHaveText(
    new RegExp(`${s.total}\\s*${s.started}\\s*${pct(s.started, s.total)}\\s*${s.finished}\\s*${pct(s.finished, s.total)}`),
  );
  // One row per school, none per student or classroom: the page stays small at 10,000 students.
  expect((await page.content()).length).toBeLessThan(150 * 1024);
  await expect(page.getByRole("table", { name: "Completion by grade" }).getByRole("row")).toHaveCount(3);

  // The drill-down is a plain link with the school in the URL.
  await bySchool.getByRole("link", { name: s.name }).click();
  await expect(page).toHaveURL(new RegExp(`school=${s.id}`));
  await expect(page.getByRole("heading", { name: s.name, level: 2 })).toBeVisible();
  await expect(page.getByRole("table", { name: `Completion by classroom in ${s.name}` }).getByRole("row")).toHaveCount(21);
  await expect(page.getByRole("table", { name: `Completion by grade in ${s.name}` }).getByRole("row", { name: /K/ })).toContainText(
    String(s.total),
  );

  // Every text the live region shows, from the first to the last.
  const link = page.getByRole("link", { name: "Download Completion CSV" });
  await page.evaluate(() => {
    const w = window as unknown as { seen: string[] };
    w.seen = [];
    const region = document.querySelector(".streamed-download__status")!;
    new MutationObserver(() => w.seen.push(region.textContent ?? "")).observe(region, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  });
  const download = page.waitForEvent("download");
  await link.focus();
  await page.keyboard.press("Enter");
  const file = await download;
  await expect(page.locator(".streamed-download__status")).toHaveText("Downloaded 10,000 rows.");
  const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
  // Rows were counted while the file arrived: a line short of the total was shown before the end.
  const partial = seen.filter((t) => /^Preparing… [\d,]+ of 10,000 rows$/.test(t) && !t.startsWith("Preparing… 10,000"));
  expect(partial.length, seen.join(" | ")).toBeGreaterThan(0);
  expect(file.suggestedFilename()).toBe(`streaming_report_district_completion_report_BOY_${YEAR}.csv`);
  const text = readFileSync(await file.path(), "utf8");
  expect(text.trimEnd().split("\r\n")).toHaveLength(10_001);
  await expectNoAxeViolations(page);
});

test("the CSV's first bytes arrive before its last row is read", async ({ page }) => {
  await signIn(page, DEMO.superAdmin);
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");

  const res = await fetch(`${REPORT_URL}/download/completion/${fixture.districtId}?period=BOY`, { headers: { cookie } });
  expect(res.status).toBe(200);
  expect(res.headers.get("x-total-rows")).toBe("10000");
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const first = decoder.decode((await reader.read()).value, { stream: true });
  expect(first).toContain("School,Classroom,Teacher");
  // Only now a student is added whose row is the file's last (the last school, the last name).
  // A server that read every row before sending the first byte could not write it.
  const added = await fetch(`${REPORT_URL}/api/participants`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({
      firstName: "Late",
      lastName: "Zz Written After The First Bytes",
      dateOfBirth: "05/17/2020",
      grade: "K",
      organizationUnitId: fixture.lastSchoolId,
    }),
  });
  expect(added.status).toBeLessThan(300);
  let rest = "";
  for (let r = await reader.read(); !r.done; r = await reader.read()) rest += decoder.decode(r.value, { stream: true });
  const lines = (first + rest).trimEnd().split("\r\n");
  expect(lines.at(-1)).toContain("Zz Written After The First Bytes");
  expect(lines).toHaveLength(10_002);
});

import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { DEMO, signIn } from "./support/auth";
import { expectNoAxeViolations } from "./support/axe";
import { cellsOf, columnIndex, grid, KINDERGARTEN, useDemoClassrooms } from "./support/classroom";

// Issue 39 items 1–4: the classroom summary's stacked bars filter the grid by keyboard and
// without scripts; the student's growth charts and the family report's page of them; the charts'
// tables say what the pictures draw. Screenshots for the closing note go to SHOTS.

const { ids, openClassroom } = useDemoClassrooms();
const SHOTS = process.env.CHART_SHOTS ?? "";

async function shot(target: Page | Locator, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await target.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** Every bar chart's table, its drawn segments and the counts written on them, each as row → category → count (zeros left out). */
function tablesAndBars(summary: Locator) {
  return summary.locator("figure.sb").evaluateAll((figures) =>
    figures.map((f) => {
      const table: Record<string, Record<string, number>> = {};
      for (const row of f.querySelectorAll<HTMLElement>("table tbody tr")) {
        const counts: Record<string, number> = {};
        for (const td of row.querySelectorAll<HTMLElement>("td[data-c]"))
          if (Number(td.textContent) > 0) counts[td.dataset.c!] = Number(td.textContent);
        table[row.dataset.row!] = counts;
      }
      const bars: Record<string, Record<string, number>> = {};
      for (const g of f.querySelectorAll<SVGElement>("svg g[data-row]")) {
        const counts: Record<string, number> = {};
        for (const r of g.querySelectorAll<SVGElement>("rect")) counts[r.dataset.c!] = Number(r.dataset.n);
        bars[g.dataset.row!] = counts;
      }
      const keys = Object.keys(table);
      const written: Record<string, number[]> = {};
      [...f.querySelectorAll(".sb__row")].forEach((row, i) => {
        written[keys[i]!] = [...row.querySelectorAll(".sb__link b")].map((b) => Number(b.textContent));
      });
      return { title: f.querySelector("svg > title")?.textContent ?? "", table, bars, written };
    }),
  );
}

test.describe("charts (issue 39)", () => {
  test("classroom summary: a segment link filters the grid by keyboard; Clear filter shows everyone", async ({ page }) => {
    await signIn(page, DEMO.teacher);
    await openClassroom(page, KINDERGARTEN);
    // Folded to one line above the grid until asked for, so the grid keeps its place on a laptop.
    const summary = page.locator("details.summary--collapsible");
    await expect(summary).not.toHaveAttribute("open");
    await summary.locator(":scope > summary").focus();
    await page.keyboard.press("Enter");
    await expect(summary.locator("figure.sb").first()).toBeVisible();
    const everyone = await grid(page).locator("tbody tr").count();
    await shot(summary, "classroom-summary");
    if (SHOTS) {
      // The summary on paper, in grey: the patterns, not the tints, tell the bands apart.
      await page.emulateMedia({ media: "print" });
      const file = `${SHOTS}/classroom-print.pdf`;
      writeFileSync(file, await page.pdf({ format: "Letter", landscape: true }));
      execFileSync("pdftoppm", ["-png", "-gray", "-r", "110", "-f", "1", "-l", "1", file, `${SHOTS}/classroom-print`]);
      await page.emulateMedia({ media: "screen" });
    }

    // Every chart's table matches its drawn bars and the counts written on them.
    const charts = summary.locator("figure.sb");
    const drawn = await tablesAndBars(summary);
    expect(drawn.length).toBe(2);
    expect(drawn.map((c) => c.title)).toEqual([
      "Risk flags, EOY: students of Kindergarten Room 4 by band",
      "Subtests, EOY: students of Kindergarten Room 4 by band",
    ]);
    for (const chart of drawn) {
      expect(chart.bars, chart.title).toEqual(chart.table);
      for (const [row, counts] of Object.entries(chart.table))
        expect(chart.written[row], `${chart.title} ${row}`).toEqual(Object.values(counts));
    }

    // Letter Names, Well Below Benchmark, the grid's period: by keyboard.
    const link = charts.getByRole("link", { name: /^\d+ Well Below Benchmark, Letter Names$/ });
    const expected = Number((await link.textContent())!.match(/^(\d+)/)![1]);
    await link.focus();
    await expect(link).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/band=letter-names%3Awell-below|band=letter-names:well-below/);
    await expect(page.getByText(`Showing ${expected} of ${everyone} students: Letter Names: Well Below Benchmark (EOY)`)).toBeVisible();
    // Filtered, the summary stays open: the segment chosen is in view.
    await expect(page.locator("details.summary--collapsible")).toHaveAttribute("open");
    await expect(grid(page).locator("tbody tr")).toHaveCount(expected);
    // Every row left shows Letter Names well below benchmark.
    await expect(cellsOf(page, await columnIndex(page, "Letter Names")).and(page.locator(".band--well-below"))).toHaveCount(expected);

    const clear = page.getByRole("link", { name: "Clear filter" });
    await clear.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText(/^Showing \d+ of/)).toHaveCount(0);
    await expect(grid(page).locator("tbody tr")).toHaveCount(everyone);
    await expectNoAxeViolations(page);
  });

  test("classroom summary works without JavaScript: the segment is a plain link the server filters", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signIn(page, DEMO.teacher);
    await openClassroom(page, KINDERGARTEN, "?period=BOY");
    const summary = page.locator("details.summary--collapsible");
    await summary.locator(":scope > summary").click();
    const link = summary.getByRole("link").first();
    const count = Number((await link.textContent())!.match(/^(\d+)/)![1]);
    await link.click();
    await expect(page.getByLabel("Period", { exact: true })).toHaveValue("BOY");
    await expect(grid(page).locator("tbody tr")).toHaveCount(count);
    await page.getByRole("link", { name: "Clear filter" }).click();
    await expect(page.getByText(/^Showing \d+ of/)).toHaveCount(0);
    await context.close();
  });

  test("student growth: one chart per subtest, its table matches its points, and the printed report adds a page of them", async ({
    page,
  }, info) => {
    await signIn(page, DEMO.teacher);
    await openClassroom(page, KINDERGARTEN);
    await grid(page).locator("tbody tr").first().getByRole("link").first().click();
    await expect(page).toHaveURL(/\/student\//);
    const growth = page.getByRole("region", { name: "Growth across the year" });
    await expect(growth).toBeVisible();
    const charts = growth.locator("figure.pc");
    expect(await charts.count()).toBeGreaterThan(2);
    for (const chart of await charts.all()) {
      const svg = chart.locator("svg[role=img]");
      await expect(svg.locator("> title")).toHaveText(/ percentile of .* across BOY, MOY, EOY$/);
      // The shaded bands are the domain's 1–20 and 20–40.
      await expect(svg.locator("rect.pc__band")).toHaveCount(2);
      expect(await svg.locator("rect.pc__band").evaluateAll((r) => r.map((e) => `${e.dataset.from}-${e.dataset.to}`))).toEqual([
        "1-20",
        "20-40",
      ]);
      const points = await svg.locator("g.chart-point").evaluateAll((g) => g.map((e) => `${e.dataset.period} ${e.dataset.value}`));
      const rows = await chart
        .locator("table tbody tr")
        .evaluateAll((r) => r.map((e) => [e.dataset.period, e.querySelector("td")!.textContent!.replace(/\D/g, "")] as const));
      expect(points).toEqual(rows.filter(([, v]) => v !== "").map(([p, v]) => `${p} ${v}`));
    }
    await shot(growth, "student-growth");
    await expectNoAxeViolations(page);

    // The report-only view with its page of growth charts, printed: two pages, the second the charts.
    const url = new URL(page.url());
    url.searchParams.set("print", "1");
    url.searchParams.set("growth", "1");
    await page.goto(url.toString());
    await expect(page.locator(".family-report__extra figure.pc").first()).toBeVisible();
    await page.emulateMedia({ media: "print" });
    const pdf = await page.pdf({ format: "Letter" });
    const file = info.outputPath("report-growth.pdf");
    writeFileSync(file, pdf);
    const text = execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" });
    const pages = text.split("\f").filter((p) => p.trim());
    expect(pages).toHaveLength(2);
    expect(pages[1]).toContain("Growth across the year");
    if (SHOTS) {
      execFileSync("pdftoppm", ["-png", "-gray", "-r", "110", "-f", "2", "-l", "2", file, `${SHOTS}/family-report-growth-page`]);
      execFileSync("pdftoppm", ["-png", "-r", "80", "-f", "1", "-l", "1", file, `${SHOTS}/family-report-page1`]);
    }
    // In Spanish the page of charts is in Spanish (its words from the report's catalogue), its figures the same.
    const figures = () =>
      page.locator(".family-report__extra svg g.chart-point").evaluateAll((g) => g.map((e) => `${e.dataset.period} ${e.dataset.value}`));
    const englishFigures = await figures();
    url.searchParams.set("lang", "es");
    await page.emulateMedia({ media: "screen" });
    await page.goto(url.toString());
    const spanish = page.locator(".family-report__extra");
    await expect(page.locator("article.family-report")).toHaveAttribute("lang", "es");
    await expect(spanish.getByRole("heading", { level: 3, name: "Progreso a lo largo del año", exact: true })).toBeVisible();
    expect(await figures()).toEqual(englishFigures);
    for (const title of await spanish.locator("figure.pc svg > title").allTextContents())
      expect(title).toMatch(/^Percentil de .+, periodo por periodo: Inicio del año escolar \(BOY\), .*Fin del año escolar \(EOY\)$/);
    await shot(spanish, "family-report-growth-es");
    // Every label the charts write stays inside its picture.
    expect(await spanish.locator("svg[role=img] text").count()).toBeGreaterThan(10);
    const outside = await spanish.locator("svg[role=img]").evaluateAll((svgs) =>
      svgs.flatMap((svg) => {
        const box = (svg as SVGSVGElement).viewBox.baseVal;
        return [...svg.querySelectorAll<SVGTextElement>("text")]
          .filter((t) => {
            const b = t.getBBox();
            return b.x < box.x - 0.5 || b.x + b.width > box.x + box.width + 0.5;
          })
          .map((t) => t.textContent);
      }),
    );
    expect(outside).toEqual([]);
    await expectNoAxeViolations(page);
    await page.emulateMedia({ media: "print" });
    const es = execFileSync("pdftotext", ["-enc", "UTF-8", "-", "-"], { input: await page.pdf({ format: "Letter" }), encoding: "utf8" })
      .split("\f")
      .filter((p) => p.trim());
    expect(es).toHaveLength(2);
    expect(es[1]).toContain("Progreso a lo largo del año");
    for (const english of ["Growth across the year", "Percentiles by period", "Well Below Benchmark", "No %ile", "N/A"])
      expect(es[1]).not.toContain(english);
    url.searchParams.delete("lang");

    // Without the choice the report keeps its one page.
    url.searchParams.delete("growth");
    await page.goto(url.toString());
    const one = execFileSync("pdftotext", ["-enc", "UTF-8", "-", "-"], { input: await page.pdf({ format: "Letter" }), encoding: "utf8" });
    expect(one.split("\f").filter((p) => p.trim())).toHaveLength(1);
  });

  test("school summary: bars per grade for the flag or subtest chosen, movement into and out of risk, by keyboard", async ({ page }) => {
    await signIn(page, DEMO.teacher);
    const schoolId = ids.schoolOf[KINDERGARTEN]!;
    await page.goto(`/school/${schoolId}?tab=summary`);
    const summary = page.getByRole("region", { name: "Students by band" });
    await expect(summary).toBeVisible();
    const select = summary.getByLabel("Show", { exact: true });
    await select.focus();
    await select.selectOption({ label: "Letter Names" });
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/column=letter-names/);
    await expect(summary.getByRole("heading", { name: "Letter Names by grade" })).toBeVisible();
    const drawn = await tablesAndBars(summary);
    expect(drawn.length).toBeGreaterThan(0);
    for (const chart of drawn) expect(chart.bars, chart.title).toEqual(chart.table);
    await expect(summary.getByRole("table", { name: "Moved into or out of risk" })).toBeVisible();
    await shot(summary, "school-summary");
    await expectNoAxeViolations(page);
  });

  test("district summary: bars per school and per grade, movement per school; axe", async ({ page }) => {
    await signIn(page, DEMO.districtAdmin);
    await page.getByRole("navigation", { name: "District sections" }).getByRole("link", { name: "Summary" }).click();
    const summary = page.getByRole("region", { name: "Students by band" });
    await expect(summary).toBeVisible();
    await expect(summary.getByRole("heading", { name: / by school$/ })).toBeVisible();
    const drawn = await tablesAndBars(summary);
    expect(drawn.length).toBeGreaterThan(3);
    for (const chart of drawn) expect(chart.bars, chart.title).toEqual(chart.table);
    await expect(summary.getByRole("table", { name: "Moved into or out of risk" }).getByRole("row")).not.toHaveCount(0);
    await shot(summary, "district-summary");
    await expectNoAxeViolations(page);
  });
});

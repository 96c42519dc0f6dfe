// Browser measurements in Debian's Chromium: CPU throttled 6x and a 'Slow 4G' network through
// the DevTools protocol, every run cold (a fresh context: empty cache, no service worker),
// pages interleaved with the floor route so drift on this shared machine hits both alike.
//
// Definitions:
// - FCP: the 'first-contentful-paint' paint entry (ms from navigation start).
// - Hydration: the time of React's first commit of the root (the hydration commit), seen through
//   a stand-in React DevTools hook installed before any script runs (production react-dom calls
//   hook.onCommitFiberRoot on every commit). No app change is needed.
// - TBT: Σ max(0, duration − 50 ms) over long tasks (PerformanceObserver 'longtask') that start
//   after FCP, until 3 s after hydration (or the 30 s limit).
// - Render-blocking: the resource entries Chromium marks renderBlockingStatus 'blocking' (a
//   stylesheet link or a classic script in the head); issue 15 wants none.
import { chromium, type Browser } from "playwright-core";
import { first } from "#app/domain/presence";

/** What the page script of this benchmark records on `window`. */
type BenchWindow = { __bench: { hydratedAt: number | null; longTasks: [number, number][] } };

// Chrome DevTools' 'Slow 4G' preset (the same numbers Lighthouse uses for its mobile throttling).
export const NETWORK = { latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (607.5 * 1024) / 8 };
export const CPU_RATE = 6;

const INIT = `
(() => {
  window.__bench = { hydratedAt: null, longTasks: [] };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    isDisabled: false, supportsFiber: true, renderers: new Map(),
    inject() { return 1; },
    onCommitFiberRoot() { if (window.__bench.hydratedAt === null) window.__bench.hydratedAt = performance.now(); },
    onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, checkDCE() {}, onScheduleFiberRoot() {},
  };
  try {
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__bench.longTasks.push([e.startTime, e.duration]); })
      .observe({ type: "longtask", buffered: true });
  } catch {}
})();`;

export interface BrowserRun {
  fcp: number | null;
  hydration: number | null;
  tbt: number | null;
  /** The document's bytes on the wire (the navigation entry's encodedBodySize: gzip when served so). */
  docBytes?: number | null;
  /** ms from navigation start to the document's last byte: FCP minus this is the page's own render time. */
  docEnd?: number | null;
  /** Requests the first paint waited for besides the document (resource entries Chromium marks render-blocking). */
  blocking?: string[];
  error?: string;
}
export interface BrowserPage {
  key: string;
  url: string;
  cookie?: string;
}

async function once(browser: Browser, origin: string, page: BrowserPage): Promise<BrowserRun> {
  const context = await browser.newContext({ serviceWorkers: "block" });
  try {
    if (page.cookie) {
      const parts = page.cookie.split("=");
      await context.addCookies([{ name: first(parts, "a cookie name"), value: parts.slice(1).join("="), url: origin }]);
    }
    await context.addInitScript(INIT);
    const p = await context.newPage();
    const cdp = await context.newCDPSession(p);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", { offline: false, ...NETWORK });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_RATE });
    const res = await p.goto(origin + page.url, { waitUntil: "load", timeout: 60_000 });
    if (!res || res.status() !== 200) return { fcp: null, hydration: null, tbt: null, error: `status ${res?.status()}` };
    await p
      .waitForFunction(() => (window as unknown as BenchWindow).__bench.hydratedAt !== null, null, { timeout: 30_000, polling: 100 })
      .catch(() => undefined);
    // Long tasks after hydration (effects, deferred work) still block input: watch 3 s more.
    await p.waitForTimeout(3000);
    return await p.evaluate(() => {
      const b = (window as unknown as BenchWindow).__bench;
      const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null;
      const end = (b.hydratedAt ?? 30_000) + 3000;
      const tbt = b.longTasks.filter(([s]) => fcp !== null && s >= fcp && s <= end).reduce((a, [, d]) => a + Math.max(0, d - 50), 0);
      const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
      const blocking = (performance.getEntriesByType("resource") as (PerformanceResourceTiming & { renderBlockingStatus?: string })[])
        .filter((r) => r.renderBlockingStatus === "blocking")
        .map((r) => new URL(r.name).pathname);
      return { fcp, hydration: b.hydratedAt, tbt, docBytes: nav?.encodedBodySize ?? null, docEnd: nav?.responseEnd ?? null, blocking };
    });
  } catch (e) {
    return { fcp: null, hydration: null, tbt: null, error: String(e).slice(0, 200) };
  } finally {
    await context.close();
  }
}

/**
 * `runs` cold loads of each page, interleaved round by round (the floor among them), and the
 * browser's version: paint timings move between Chromium releases, so a report names the one it used.
 */
export async function measureBrowser(origin: string, pages: BrowserPage[], runs: number, log: (s: string) => void) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const out: Record<string, BrowserRun[]> = Object.fromEntries(pages.map((p) => [p.key, []]));
  const version = browser.version();
  try {
    for (let r = 0; r < runs; r++) {
      // Rotate the order each round, so no page always runs first after a pause.
      const order = [...pages.slice(r % pages.length), ...pages.slice(0, r % pages.length)];
      for (const page of order) (out[page.key] ??= []).push(await once(browser, origin, page));
      log(`    browser round ${r + 1}/${runs}`);
    }
  } finally {
    await browser.close();
  }
  return { version, pages: out };
}

// Click to dialog (issue 12, item 9): the classroom page loaded and hydrated at CPU 6x (network
// unthrottled: the figure is the work the page does, not the wire), then a letter score cell is
// clicked and the time runs until the dialog is on screen (a [role=dialog] with a box, seen on
// the first animation frame after it appears). Several cells a load, closed in between by
// Escape; cold loads, one fresh context each.

export interface DialogRun {
  /** ms from the click to the dialog on screen, one per cell clicked */
  clicks: number[];
  error?: string;
}

/** In the page: click the index-th letter cell (spread over the grid), resolve with the ms until a dialog shows. */
const CLICK_TO_DIALOG = `(selector, index) => new Promise((resolve, reject) => {
  const links = [...document.querySelectorAll(selector)];
  const link = links[(index * 7) % Math.max(1, links.length)];
  if (!link) return reject(new Error("no letter cell"));
  const shown = () => { const d = document.querySelector("[role=dialog]"); return d && d.getBoundingClientRect().height > 0; };
  const start = performance.now();
  const watch = () => (shown() ? resolve(performance.now() - start) : requestAnimationFrame(watch));
  link.click();
  requestAnimationFrame(watch);
  setTimeout(() => reject(new Error("no dialog within 30 s")), 30000);
})`;

/** The letter score cells: links whose title says letter scores. */
const LETTER_LINK = "a.cell__action[title*='letter scores']";

async function dialogOnce(browser: Browser, origin: string, page: BrowserPage, cellsPerLoad: number): Promise<DialogRun> {
  const context = await browser.newContext({ serviceWorkers: "block", viewport: { width: 1366, height: 768 } });
  try {
    if (page.cookie) {
      const parts = page.cookie.split("=");
      await context.addCookies([{ name: first(parts, "a cookie name"), value: parts.slice(1).join("="), url: origin }]);
    }
    await context.addInitScript(INIT);
    const p = await context.newPage();
    const cdp = await context.newCDPSession(p);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_RATE });
    const res = await p.goto(origin + page.url, { waitUntil: "load", timeout: 60_000 });
    if (!res || res.status() !== 200) return { clicks: [], error: `status ${res?.status()}` };
    await p.waitForFunction(() => (window as unknown as BenchWindow).__bench.hydratedAt !== null, null, { timeout: 30_000, polling: 100 });
    // Let effects and deferred work settle, as a teacher would before the first click.
    await p.waitForTimeout(2000);
    const clicks: number[] = [];
    for (let i = 0; i < cellsPerLoad; i++) {
      // A string, not a function: tsx would wrap named functions in a helper the page lacks.
      const ms = (await p.evaluate(`(${CLICK_TO_DIALOG})(${JSON.stringify(LETTER_LINK)}, ${i})`)) as number;
      clicks.push(ms);
      await p.keyboard.press("Escape");
      await p.waitForFunction(() => !document.querySelector("[role=dialog]"), null, { timeout: 30_000, polling: 50 });
      // Anything the close started (a navigation back to the grid) finishes first.
      await p.waitForLoadState("networkidle");
    }
    return { clicks };
  } catch (e) {
    return { clicks: [], error: String(e).slice(0, 200) };
  } finally {
    await context.close();
  }
}

/** `runs` cold loads of the classroom page, `cellsPerLoad` letter cells clicked in each. */
export async function measureDialog(origin: string, page: BrowserPage, runs: number, log: (s: string) => void, cellsPerLoad = 3) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const out: DialogRun[] = [];
  try {
    for (let r = 0; r < runs; r++) {
      const run = await dialogOnce(browser, origin, page, cellsPerLoad);
      out.push(run);
      log(
        `    click-to-dialog run ${r + 1}/${runs}: ${run.clicks.map((c) => c.toFixed(0)).join(", ")} ms${run.error ? ` (${run.error})` : ""}`,
      );
    }
  } finally {
    await browser.close();
  }
  return out;
}

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
import { chromium, type Browser } from "playwright-core";

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
      const [name, ...rest] = page.cookie.split("=");
      await context.addCookies([{ name, value: rest.join("="), url: origin }]);
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
      return { fcp, hydration: b.hydratedAt, tbt };
    });
  } catch (e) {
    return { fcp: null, hydration: null, tbt: null, error: String(e).slice(0, 200) };
  } finally {
    await context.close();
  }
}

/** `runs` cold loads of each page, interleaved round by round (the floor among them). */
export async function measureBrowser(origin: string, pages: BrowserPage[], runs: number, log: (s: string) => void) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const out: Record<string, BrowserRun[]> = Object.fromEntries(pages.map((p) => [p.key, []]));
  try {
    for (let r = 0; r < runs; r++) {
      // Rotate the order each round, so no page always runs first after a pause.
      const order = pages.map((_, i) => pages[(i + r) % pages.length]);
      for (const page of order) out[page.key].push(await once(browser, origin, page));
      log(`    browser round ${r + 1}/${runs}`);
    }
  } finally {
    await browser.close();
  }
  return out;
}

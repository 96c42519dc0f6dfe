import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// The assets folder is read once, so the module is imported after REMIX_ASSETS_DIR names a
// folder of our own.
const dir = mkdtempSync(path.join(tmpdir(), "inline-css-"));
let inlineCss: (href: string) => string | null;

beforeAll(async () => {
  mkdirSync(path.join(dir, "_assets"), { recursive: true });
  writeFileSync(path.join(dir, "_assets", "app-ABC123.css"), ":root{--x:1}");
  writeFileSync(path.join(dir, "_assets", "big-ABC123.css"), `a{b:c}${" ".repeat(70 * 1024)}`);
  writeFileSync(path.join(dir, "_assets", "end-ABC123.css"), "a::after{content:'</style><script>'}");
  writeFileSync(path.join(dir, "secret.txt"), "no");
  vi.stubEnv("REMIX_ASSETS_DIR", dir);
  vi.resetModules();
  ({ inlineCss } = await import("./inline-css.server"));
});
afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(dir, { recursive: true, force: true });
});

describe("inlineCss", () => {
  it("gives a built stylesheet's text by its URL", () => {
    expect(inlineCss("/build/_assets/app-ABC123.css")).toBe(":root{--x:1}");
  });
  it.each([
    ["a file that is not there", "/build/_assets/gone-ABC123.css"],
    ["a URL outside the build", "/favicon.ico"],
    ["a file that is not CSS", "/build/secret.txt"],
    ["a path out of the folder", "/build/../inline-css-x/_assets/app-ABC123.css"],
    ["a sheet too big to repeat in every page", "/build/_assets/big-ABC123.css"],
    ["a sheet that would close its <style> element", "/build/_assets/end-ABC123.css"],
  ])("links, not inlines, %s", (_, href) => {
    expect(inlineCss(href)).toBeNull();
  });
});

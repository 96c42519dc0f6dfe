import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { WeightMeter } from "./weight";

// A build folder as the Remix compiler leaves it: esbuild's metafile (keys relative to the root),
// the public files, and Remix's manifest beside them.
const root = mkdtempSync(path.join(tmpdir(), "weight-"));
const buildDir = path.join(root, "build");
const publicDir = path.join(buildDir, "public");
const out = (rel: string) => `build/public/${rel}`;
const files = {
  "entry.client-AB12CD34.js": "x".repeat(400),
  "manifest-EF56AB78.js": "window.__remixManifest={}",
  "_shared/chunk-T36URGAI.js": "var g=Object.create;export{g as a};",
  "routes/empty-QQ11RR22.js": "export{};",
  "routes/stray-ZZ99YY88.js": "console.log(1)",
} satisfies Record<string, string>;
mkdirSync(path.join(publicDir, "_shared"), { recursive: true });
mkdirSync(path.join(publicDir, "routes"), { recursive: true });
for (const [rel, text] of Object.entries(files)) writeFileSync(path.join(publicDir, rel), text);
writeFileSync(
  path.join(buildDir, "metafile.js.json"),
  JSON.stringify({
    outputs: {
      [out("entry.client-AB12CD34.js")]: {
        bytes: 400,
        inputs: {
          "node_modules/react-dom/cjs/react-dom.production.min.js": { bytesInOutput: 300 },
          "app/entry.client.tsx": { bytesInOutput: 60 },
          "node_modules/@radix-ui/react-dialog/dist/index.mjs": { bytesInOutput: 40 },
        },
      },
      [out("_shared/chunk-T36URGAI.js")]: { bytes: 35, inputs: {} },
      [out("routes/empty-QQ11RR22.js")]: { bytes: 9, inputs: {} },
    },
  }),
);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const page = (...scripts: string[]) =>
  new WeightMeter(root, buildDir).page(
    `<html><head>${scripts.map((s) => `<link rel="modulepreload" href="/build/${s}"/>`).join("")}</head><body></body></html>`,
  );

describe("WeightMeter places every script", () => {
  it("splits a metafile output by its inputs: React, Remix and React Router are framework, the rest ours", () => {
    const [f] = page("entry.client-AB12CD34.js").files;
    expect(f?.framework).toBeCloseTo(0.75);
    expect(f?.ours).toEqual({ "app/entry.client.tsx": 60, "@radix-ui/react-dialog": 40 });
  });

  it("counts Remix's route manifest, which the metafile does not list, as framework", () => {
    const w = page("manifest-EF56AB78.js");
    expect(w.files[0]?.framework).toBe(1);
    expect(w.jsOurs.raw).toBe(0);
  });

  it("counts esbuild's runtime chunk (a shared chunk without inputs) as ours", () => {
    const w = page("_shared/chunk-T36URGAI.js");
    expect(w.files[0]?.framework).toBe(0);
    expect(w.jsOurs.raw).toBe(files["_shared/chunk-T36URGAI.js"].length);
    expect(w.topOurs).toEqual([["esbuild runtime", 35]]);
  });

  it("fails on a script the metafile does not list, naming its URL", () => {
    expect(() => page("entry.client-AB12CD34.js", "routes/stray-ZZ99YY88.js")).toThrow(
      /cannot place \/build\/routes\/stray-ZZ99YY88\.js .*not an output of/,
    );
  });

  it("fails on a listed output without inputs that is not a shared chunk", () => {
    expect(() => page("routes/empty-QQ11RR22.js")).toThrow(/cannot place \/build\/routes\/empty-QQ11RR22\.js .*no source bytes/);
  });
});

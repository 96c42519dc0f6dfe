import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { precompressDir } from "./precompress.mjs";

describe("precompressDir", () => {
  it("writes .br and .gz twins that decompress to each text asset, in nested folders, and leaves small and binary files alone", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "precompress-"));
    mkdirSync(path.join(dir, "_shared"));
    const js = "export const rows = [" + Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(",") + "];\n";
    const files = {
      "_shared/chunk-ABC.js": js,
      "root-XYZ.css": ".table { color: red; }\n".repeat(100),
      "tiny-1.js": "export{};",
      "logo.png": "x".repeat(4000),
    };
    for (const [name, body] of Object.entries(files)) writeFileSync(path.join(dir, name), body);

    expect(precompressDir(dir)).toBe(2);

    for (const name of ["_shared/chunk-ABC.js", "root-XYZ.css"]) {
      const file = path.join(dir, name);
      const br = readFileSync(`${file}.br`);
      expect(brotliDecompressSync(br).toString()).toBe(files[name as keyof typeof files]);
      expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(files[name as keyof typeof files]);
      expect(br.length).toBeLessThan(files[name as keyof typeof files].length / 3);
    }
    for (const name of ["tiny-1.js", "logo.png"]) {
      expect(existsSync(path.join(dir, `${name}.br`))).toBe(false);
      expect(existsSync(path.join(dir, `${name}.gz`))).toBe(false);
    }
  });
});

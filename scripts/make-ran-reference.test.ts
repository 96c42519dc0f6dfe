import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { ranReferenceCharts, ranReferenceRows } from "#app/domain/ran-reference";
import { RAN_REFERENCE_DIR, ranReferenceFiles, ranReferenceSvg } from "./make-ran-reference";

describe("public/ran/ reference charts", () => {
  it("are exactly what scripts/make-ran-reference.ts draws (run it after changing a sequence or a drawing)", () => {
    const files = ranReferenceFiles();
    expect(readdirSync(RAN_REFERENCE_DIR).sort()).toEqual(files.map((f) => f.file).sort());
    for (const { file, svg } of files) expect(readFileSync(resolve(RAN_REFERENCE_DIR, file), "utf8"), file).toBe(svg);
  });

  it.each(ranReferenceCharts().map((c) => [c.file, c] as const))(
    "%s draws its items in reading order, at its stated size",
    (_file, chart) => {
      const svg = ranReferenceSvg(chart);
      expect(svg).toContain(`width="${chart.width}" height="${chart.height}" viewBox="0 0 ${chart.width} ${chart.height}"`);
      const drawn =
        chart.kind === "objects"
          ? [...svg.matchAll(/<use href="#(\w+)"/g)].map((m) => m[1])
          : [...svg.matchAll(/<text x="\d+" y="\d+">([a-z])<\/text>/g)].map((m) => m[1]);
      expect(drawn).toEqual(chart.items);
      const rowNumbers = [...svg.matchAll(/<text x="24" y="\d+">(\d+)<\/text>/g)].map((m) => Number(m[1]));
      expect(rowNumbers).toEqual(ranReferenceRows(chart).map((_, i) => i + 1));
      // Small enough to send with a dialog: a drawing per object, used by reference.
      expect(svg.length).toBeLessThan(8_000);
    },
  );
});

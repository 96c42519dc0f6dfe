// npx tsx scripts/make-ran-reference.ts: draws the RAN reference charts in public/ran/ (objects-40,
// objects-50, letters-50) from the item sequences of app/domain/ran-reference.ts, which also gives
// the images their alt text and caption. The files are committed; scripts/make-ran-reference.test.ts
// fails when they differ from what this script draws. Black on white, one drawing per object
// (<symbol> + <use>), so each file stays a few kilobytes and prints cleanly.
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { RAN_REFERENCE_LAYOUT, ranReferenceCharts, ranReferenceRows, type RanReferenceChart } from "#app/domain/ran-reference";

export const RAN_REFERENCE_DIR = fileURLToPath(new URL("../public/ran/", import.meta.url));

const r1 = (n: number) => Math.round(n * 10) / 10;

function starPoints(cx: number, cy: number, outer: number, inner: number): string {
  const points: string[] = [];
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 === 0 ? outer : inner;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    points.push(`${r1(cx + radius * Math.cos(angle))} ${r1(cy + radius * Math.sin(angle))}`);
  }
  return points.join(" ");
}

// Each drawing fills an 80 × 80 box (the cell less a 10 margin); solid black shapes read at any size.
// The student's chart in the menu's test materials draws the same pictures (make-test-materials.ts).
export const OBJECT_DRAWINGS: Record<string, string> = {
  dog:
    '<ellipse cx="36" cy="44" rx="24" ry="13"/>' +
    '<path d="M52 40 58 24" stroke="#000" stroke-width="13" stroke-linecap="round"/>' +
    '<circle cx="62" cy="22" r="12"/><ellipse cx="74" cy="27" rx="8" ry="6"/>' +
    '<path d="M56 14q-8 6-6 20" stroke="#000" stroke-width="7" stroke-linecap="round" fill="none"/>' +
    '<path d="M18 50v24M28 53v21M44 53v21M54 50v24" stroke="#000" stroke-width="7" stroke-linecap="round"/>' +
    '<path d="M13 40Q4 34 6 22" stroke="#000" stroke-width="5" stroke-linecap="round" fill="none"/>' +
    '<circle cx="66" cy="18" r="2.5" fill="#fff"/>',
  ball: '<circle cx="40" cy="40" r="36"/>' + '<path d="M6 32Q40 52 74 32M40 4Q22 40 40 76" stroke="#fff" stroke-width="4" fill="none"/>',
  hand:
    '<rect x="18" y="36" width="42" height="36" rx="12"/>' +
    '<path d="M24 44V12M35 42V5M46 42V7M56 44V16" stroke="#000" stroke-width="10" stroke-linecap="round"/>' +
    '<path d="M22 60 7 42" stroke="#000" stroke-width="11" stroke-linecap="round"/>' +
    '<rect x="26" y="66" width="26" height="14"/>',
  star: `<polygon points="${starPoints(40, 43, 39, 16)}"/>`,
  chair:
    '<path d="M22 6V76M22 44H62V76M22 58H62" stroke="#000" stroke-width="7" stroke-linecap="round" stroke-linejoin="round" fill="none"/>' +
    '<rect x="16" y="40" width="52" height="9" rx="2"/>',
};

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** The SVG file of a chart: row numbers in the left margin, one item per square cell. */
export function ranReferenceSvg(chart: RanReferenceChart): string {
  const { cell, left, top } = RAN_REFERENCE_LAYOUT;
  const rows = ranReferenceRows(chart);
  const title = `RAN reference: ${chart.count} ${chart.kind}`;
  const lines = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${chart.width}" height="${chart.height}" viewBox="0 0 ${chart.width} ${chart.height}" role="img">`,
    `<title>${escapeXml(title)}</title>`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<g font-family="Arial, Helvetica, sans-serif" font-size="22" fill="#555" text-anchor="middle">`,
    ...rows.map((_, r) => `<text x="${left / 2}" y="${top + r * cell + cell / 2 + 8}">${r + 1}</text>`),
    `</g>`,
  ];
  if (chart.kind === "objects") {
    const used = [...new Set(chart.items)];
    lines.push(`<defs>`, ...used.map((name) => `<symbol id="${name}" viewBox="0 0 80 80">${OBJECT_DRAWINGS[name]}</symbol>`), `</defs>`);
    rows.forEach((row, r) =>
      row.forEach((name, c) => {
        lines.push(`<use href="#${name}" x="${left + c * cell + 10}" y="${top + r * cell + 10}" width="80" height="80"/>`);
      }),
    );
  } else {
    lines.push(`<g font-family="Arial, Helvetica, sans-serif" font-size="72" fill="#000" text-anchor="middle">`);
    rows.forEach((row, r) =>
      row.forEach((letter, c) => {
        lines.push(`<text x="${left + c * cell + cell / 2}" y="${top + r * cell + 70}">${escapeXml(letter)}</text>`);
      }),
    );
    lines.push(`</g>`);
  }
  lines.push(`</svg>`);
  return `${lines.join("\n")}\n`;
}

/** Each chart's file name and the SVG this script draws for it. */
export function ranReferenceFiles(): Array<{ file: string; svg: string }> {
  for (const name of ranReferenceCharts().flatMap((c) => (c.kind === "objects" ? c.items : []))) {
    if (!OBJECT_DRAWINGS[name]) throw new Error(`No drawing for the RAN object "${name}"`);
  }
  return ranReferenceCharts().map((chart) => ({ file: chart.file, svg: ranReferenceSvg(chart) }));
}

function main() {
  for (const { file, svg } of ranReferenceFiles()) {
    const path = resolve(RAN_REFERENCE_DIR, file);
    let current: string | null = null;
    try {
      current = readFileSync(path, "utf8");
    } catch {
      current = null;
    }
    if (current === svg) {
      console.log(`public/ran/${file}: up to date`);
    } else {
      writeFileSync(path, svg);
      console.log(`public/ran/${file}: written (${svg.length} bytes)`);
    }
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();

import { readFileSync } from "node:fs";
import path from "node:path";
import { inflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { letterItems, letterOfItem } from "#app/domain/assessments";
import type { Grade } from "#app/domain/grades";
import { first } from "#app/domain/presence";
import { sortLetters } from "#app/domain/letters";
import { ranReference } from "#app/domain/ran-reference";
import { OBJECT_DRAWINGS } from "./make-ran-reference";
import { crc32, gradePdf, makeZip, MATERIALS_DIR, materialZips, svgPathToPdf, svgToPdf } from "./make-test-materials";

/** The files of a zip, read from its central directory and inflated, their CRC checked. */
function unzip(zip: Buffer): { name: string; data: Buffer }[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files: { name: string; data: Buffer }[] = [];
  for (let i = 0; i < count; i++) {
    const crc = zip.readUInt32LE(at + 16);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString("utf8");
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = inflateRawSync(zip.subarray(start, start + size));
    expect(crc32(data)).toBe(crc);
    files.push({ name, data });
    at += 46 + nameLength;
  }
  return files;
}

describe("test materials (issue 12 item 14)", () => {
  it("the committed zips are what the script makes", () => {
    for (const { filename, data } of materialZips()) {
      expect(
        readFileSync(path.join(MATERIALS_DIR, filename)).equals(data),
        `${filename} is stale: npx tsx scripts/make-test-materials.ts`,
      ).toBe(true);
    }
  });

  it("each zip holds one PDF of its grade, with a valid cross-reference table", () => {
    for (const { filename, data } of materialZips()) {
      const entries = unzip(data);
      expect(entries.slice(1)).toEqual([]);
      const pdf = first(entries, "a PDF");
      expect(pdf.name).toBe(filename.replace(/\.zip$/, ".pdf"));
      const text = pdf.data.toString("latin1");
      expect(text.startsWith("%PDF-1.4")).toBe(true);
      expect(text.trimEnd().endsWith("%%EOF")).toBe(true);
      const xref = Number(/startxref\n(\d+)/.exec(text)![1]);
      expect(text.slice(xref, xref + 4)).toBe("xref");
      // every object's offset in the table points at 'n 0 obj'
      const offsets = [...text.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
      offsets.forEach((o, i) => expect(text.slice(o, o + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`));
    }
  });

  it("puts the grade's letter sheets and RAN chart in its PDF", () => {
    const g1 = gradePdf("1").toString("latin1");
    expect(g1).toContain("(Grade 1 Test Materials)");
    expect(g1).toContain("(Letter Names: student sheet)");
    expect(g1).toContain("(Letter RAN: student chart)");
    expect(gradePdf("PK").toString("latin1")).toContain("(Object RAN: student chart)");
    expect(gradePdf("2").toString("latin1")).toContain("(RER Letter RAN: student chart)");
  });

  it("crc32 and the zip format match known values", () => {
    expect(crc32(Buffer.from("123456789"))).toBe(0xcbf43926);
    expect(unzip(makeZip([{ name: "a.txt", data: Buffer.from("hello") }]))).toEqual([{ name: "a.txt", data: Buffer.from("hello") }]);
  });
});

/** The content stream of the page whose text holds `title`. */
function pageStream(pdf: string, title: string): string {
  const stream = [...pdf.matchAll(/stream\n([\s\S]*?)\nendstream/g)].map((m) => m[1]!).find((body) => body.includes(`(${title}) Tj`));
  expect(stream, title).toBeDefined();
  return stream!;
}
/** What `pattern`'s first group (which every pattern here has) matched each time, unescaped. */
const shown = (stream: string, pattern: RegExp) => [...stream.matchAll(pattern)].map((m) => m[1]!.replace(/\\(.)/g, "$1"));
/** A PDF string's text, escapes and all: '(a \\(b\\)) Tj'. */
const STRING_SHOWN = /\(((?:\\.|[^\\)])*)\) Tj/g;

describe("test materials a student can use (issue 34 item 15)", () => {
  it.each(["PK", "K"] as const)(
    "%s: the Object RAN chart draws the reference chart's pictures, each a figure named by its alt text; no words",
    (grade) => {
      const pdf = gradePdf(grade).toString("latin1");
      const chart = pageStream(pdf, "Object RAN: student chart");
      const reference = ranReference(grade);
      // The scorer's reference chart, item for item and in reading order (40 for PK, 50 for K).
      expect(shown(pdf, /\/S \/Figure [^>]*?\/Alt \(([^)]*)\)/g)).toEqual(reference.items);
      expect(reference.items).toHaveLength(grade === "PK" ? 40 : 50);
      // Each is a drawing (a form of vector paths) placed once; no object is written as a word.
      expect(chart.match(/ Do /g)).toHaveLength(reference.count);
      expect(shown(chart, STRING_SHOWN)).toEqual([
        "Object RAN: student chart",
        `Name the pictures as fast as you can, row by row (${reference.count} objects, ${reference.rows} rows of 10).`,
      ]);
      for (const word of ["ball", "fish", "tree", "dog", "hand", "star", "chair"]) expect(pdf).not.toContain(`(${word}) Tj`);
      // Tagged, in English, so a screen reader reads the figures' names in order.
      expect(pdf).toContain("/MarkInfo << /Marked true >>");
      expect(pdf).toMatch(/\/StructTreeRoot \d+ 0 R/);
      expect(pdf).toContain("/Lang (en-US)");
    },
  );

  it.each(["1", "2", "3"] as const)("grade %s: the letter RAN chart is the reference chart's letters, in its order", (grade) => {
    const title = grade === "1" ? "Letter RAN" : "RER Letter RAN";
    const chart = pageStream(gradePdf(grade).toString("latin1"), `${title}: student chart`);
    expect(shown(chart, /\(([a-z])\) Tj/g)).toEqual(ranReference(grade).items);
  });

  it.each([
    ["K", "Letter Names", "letter-names"],
    ["K", "Letter Sounds", "letter-sounds"],
    ["1", "Letter Names", "letter-names"],
  ] as const)("%s: the %s sheet is in the product's letter order, not A–Z", (grade: Grade, title, code) => {
    const sheet = pageStream(gradePdf(grade).toString("latin1"), `${title}: student sheet`);
    const letters = shown(sheet, /\(([A-Z]{1,2})\) Tj/g);
    expect(letters).toEqual(sortLetters(letterItems(code), "product").map(letterOfItem));
    expect(letters.slice(0, 6)).toEqual(["S", "A", "T", "P", "I", "N"]);
    expect(letters).not.toEqual(sortLetters(letterItems(code), "alphabetical").map(letterOfItem));
  });
});

describe("SVG drawings as PDF paths", () => {
  it.each([
    ["M52 40 58 24", ["52 40 m", "58 24 l"]],
    ["M18 50v24M28 53v21", ["18 50 m", "18 74 l", "28 53 m", "28 74 l"]],
    ["M24 44V12H30", ["24 44 m", "24 12 l", "30 12 l"]],
    // A quadratic curve as the cubic through the same points: control points at 2/3 of the way.
    ["M0 0Q30 30 60 0", ["0 0 m", "20 20 40 20 60 0 c"]],
    ["M56 14q-8 6-6 20", ["56 14 m", "50.67 18 48.67 24.67 50 34 c"]],
    ["M0 0L10 0 10 10Z", ["0 0 m", "10 0 l", "10 10 l", "h"]],
  ])("%s", (d, ops) => expect(svgPathToPdf(d)).toEqual(ops));

  it("fills black unless told, strokes only where told, with round caps and joins", () => {
    expect(svgToPdf('<rect x="1" y="2" width="3" height="4"/>')).toBe("q\n0 g\n1 2 3 4 re\nf\nQ");
    expect(svgToPdf('<path d="M0 0 9 9" stroke="#fff" stroke-width="4" fill="none" stroke-linecap="round"/>')).toBe(
      "q\n1 G 4 w\n1 J 0 j\n0 0 m\n9 9 l\nS\nQ",
    );
    expect(svgToPdf('<circle cx="10" cy="10" r="5" fill="#fff"/>')).toMatch(/^q\n1 g\n15 10 m\n(.+ c\n){4}h\nf\nQ$/);
  });

  it("refuses what it cannot print in black and white, or does not know", () => {
    expect(() => svgToPdf('<circle cx="1" cy="1" r="1" fill="#f00"/>')).toThrow(/black and white/);
    expect(() => svgToPdf('<text x="1">a</text>')).toThrow(/Unsupported SVG/);
  });

  it.each(Object.entries(OBJECT_DRAWINGS))("draws the %s", (_name, svg) => expect(svgToPdf(svg)).toMatch(/\n(f|S|B)\nQ$/));
});

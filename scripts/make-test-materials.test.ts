import { readFileSync } from "node:fs";
import path from "node:path";
import { inflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { crc32, gradePdf, makeZip, MATERIALS_DIR, materialZips } from "./make-test-materials";

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
      const [pdf, ...rest] = unzip(data);
      expect(rest).toEqual([]);
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

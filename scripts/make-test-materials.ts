// Builds the menu's test-material zips (issue 12 item 14): for each grade, a printable PDF of the
// student materials (the grade's tests, the letter sheets, the RAN chart) inside a zip, written
// to resources/test-materials/. The PDF and the zip are written by hand (no dependency) and
// byte-for-byte reproducible, so `npm run make:test-materials` after a change shows a clean diff
// and a unit test checks the committed files are current.
//
//   npx tsx scripts/make-test-materials.ts          write the zips
//   npx tsx scripts/make-test-materials.ts --check  exit 1 when a committed zip is stale
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { deflateRawSync } from "node:zlib";
import { ASSESSMENTS, defaultGradeAssessments, letterItems, letterOfItem, ranTestFor } from "#app/domain/assessments";
import type { Grade } from "#app/domain/grades";
import { sortLetters } from "#app/domain/letters";
import { TEST_MATERIALS } from "#app/domain/test-materials";

export const MATERIALS_DIR = path.resolve(import.meta.dirname, "..", "resources", "test-materials");

// ── PDF ─────────────────────────────────────────────────────────────────────────────────────

type Line = { text: string; size: number; bold?: boolean; x?: number; gap?: number };
type Page = Line[];

const escapePdf = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);

/** A PDF of US Letter pages, Helvetica, one text line per entry, laid out top-down. */
export function makePdf(title: string, pages: readonly Page[]): Buffer {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body) - 1 + 1; // 1-based object number
  const catalog = add("");
  const pagesObj = add("");
  const regular = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  const bold = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>");
  const info = add(`<< /Title (${escapePdf(title)}) /Producer (make-test-materials) >>`);
  const kids: number[] = [];
  for (const page of pages) {
    let y = 740;
    const ops: string[] = ["BT"];
    for (const line of page) {
      y -= line.gap ?? line.size * 1.5; // a gap of 0 writes on the same line, at its own x
      ops.push(`/${line.bold ? "F2" : "F1"} ${line.size} Tf 1 0 0 1 ${line.x ?? 54} ${y.toFixed(1)} Tm (${escapePdf(line.text)}) Tj`);
    }
    ops.push("ET");
    const stream = ops.join("\n");
    const content = add(`<< /Length ${Buffer.byteLength(stream, "latin1")} >>\nstream\n${stream}\nendstream`);
    kids.push(
      add(
        `<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [0 0 612 792] /Contents ${content} 0 R ` +
          `/Resources << /Font << /F1 ${regular} 0 R /F2 ${bold} 0 R >> >> >>`,
      ),
    );
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesObj} 0 R >>`;
  objects[pagesObj - 1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(" ")}] /Count ${kids.length} >>`;
  let out = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, "latin1"));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

// ── ZIP ─────────────────────────────────────────────────────────────────────────────────────

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
export function crc32(data: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A zip of deflated files, dated 1980-01-01 so the bytes depend on the contents only. */
export function makeZip(files: readonly { name: string; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  const DOS_DATE = (0 << 9) | (1 << 5) | 1; // 1980-01-01
  for (const file of files) {
    const name = Buffer.from(file.name, "utf8");
    const packed = deflateRawSync(file.data, { level: 9 });
    const crc = crc32(file.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(DOS_DATE, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(file.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(DOS_DATE, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(file.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

// ── The materials ───────────────────────────────────────────────────────────────────────────

const GRADE_WORDS: Record<Grade, string> = { PK: "PreK", K: "Kindergarten", "1": "Grade 1", "2": "Grade 2", "3": "Grade 3" };
const OBJECTS = ["ball", "cat", "sun", "fish", "hat", "key", "tree", "cup"];
const RAN_LETTERS = ["a", "d", "o", "p", "s"];

/** A RAN chart: rows of `perRow` items drawn from `items` in a fixed shuffle, each at its column. */
function ranChart(items: readonly string[], count: number, perRow: number, size: number): Line[] {
  const seq = Array.from({ length: count }, (_, i) => items[(i * 3 + Math.floor(i / items.length)) % items.length]);
  return seq.map((text, i) => ({ text, size, gap: i % perRow === 0 ? 70 : 0, x: 60 + (i % perRow) * 50 }));
}

function letterSheet(title: string, letters: readonly string[]): Page {
  const rows: Line[] = [];
  letters.forEach((text, i) => rows.push({ text, size: 36, gap: i % 6 === 0 ? 62 : 0, x: 80 + (i % 6) * 80 }));
  return [
    { text: title, size: 20, bold: true },
    { text: "Point to each letter in turn; the student names it or says its sound.", size: 11, gap: 24 },
    ...rows,
  ];
}

export function gradePdf(grade: Grade): Buffer {
  const tests = defaultGradeAssessments(grade, "BOY", { rerKindergarten: false });
  const cover: Page = [
    { text: `${GRADE_WORDS[grade]} Test Materials`, size: 24, bold: true },
    { text: "Early-literacy screener: student materials for the teacher-led subtests.", size: 12, gap: 30 },
    { text: "Print on US Letter, one sided. Keep the student pages face down until the subtest starts.", size: 11 },
    { text: "Subtests of this grade:", size: 13, bold: true, gap: 34 },
    ...tests.map((code) => ({ text: `-  ${ASSESSMENTS[code].title}`, size: 12, x: 70 })),
  ];
  const pages: Page[] = [cover];
  if (tests.includes("letter-names"))
    pages.push(letterSheet("Letter Names: student sheet", sortLetters(letterItems("letter-names"), "alphabetical").map(letterOfItem)));
  if (tests.includes("letter-sounds"))
    pages.push(letterSheet("Letter Sounds: student sheet", sortLetters(letterItems("letter-sounds"), "alphabetical").map(letterOfItem)));
  const ran = ranTestFor(grade, "student");
  if (ran) {
    const objects = ran === "object-ran";
    const count = grade === "PK" ? 40 : 50;
    pages.push([
      { text: `${ASSESSMENTS[ran].title}: student chart`, size: 20, bold: true },
      {
        text: `Name the ${objects ? "pictures" : "letters"} as fast as you can, row by row (${count} ${objects ? "objects" : "letters"}).`,
        size: 11,
        gap: 24,
      },
      ...ranChart(objects ? OBJECTS : RAN_LETTERS, count, 10, objects ? 14 : 30),
    ]);
  }
  return makePdf(`${GRADE_WORDS[grade]} Test Materials`, pages);
}

export function materialZips(): { filename: string; data: Buffer }[] {
  return TEST_MATERIALS.map((m) => ({
    filename: m.filename,
    data: makeZip([{ name: m.filename.replace(/\.zip$/, ".pdf"), data: gradePdf(m.grade) }]),
  }));
}

function main() {
  const check = process.argv.includes("--check");
  mkdirSync(MATERIALS_DIR, { recursive: true });
  let stale = 0;
  for (const { filename, data } of materialZips()) {
    const file = path.join(MATERIALS_DIR, filename);
    if (check) {
      let current: Buffer | null = null;
      try {
        current = readFileSync(file);
      } catch {
        current = null;
      }
      if (!current?.equals(data)) {
        stale++;
        console.error(`stale: ${file}`);
      }
    } else {
      writeFileSync(file, data);
      console.log(`${file} (${data.length} bytes)`);
    }
  }
  if (stale) process.exit(1);
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) main();

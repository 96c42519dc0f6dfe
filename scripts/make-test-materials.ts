// Builds the menu's test-material zips (issue 12 item 14): for each grade, a printable PDF of the
// student materials (the grade's tests, the letter sheets, the RAN chart) inside a zip, written
// to resources/test-materials/. The RAN chart is the scorer's reference chart (ran-reference.ts):
// the same items in the same rows, objects drawn from the same SVG pictures as vector paths
// (issue 34 item 15); the PDF is tagged, each picture a figure named by its alternative text. The PDF and the zip are written by hand (no dependency) and
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
import { itemAt } from "#app/domain/presence";
import { sortLetters } from "#app/domain/letters";
import { ranReference, ranReferenceRows } from "#app/domain/ran-reference";
import { TEST_MATERIALS } from "#app/domain/test-materials";
import { OBJECT_DRAWINGS } from "./make-ran-reference";

export const MATERIALS_DIR = path.resolve(import.meta.dirname, "..", "resources", "test-materials");

// ── PDF ─────────────────────────────────────────────────────────────────────────────────────

/** A line of text, laid out top-down: `gap` points below the previous one (0: the same line, at its own x). */
export type Line = { text: string; size: number; bold?: boolean; x?: number; gap?: number };
/** A picture (a RAN object's drawing) or a letter at a place of its own: `top` is its top edge, down from the page's top. */
export type Placed = { x: number; top: number; size: number } & ({ picture: string; alt: string } | { glyph: string; row: number });
export type Page = { landscape?: boolean; lines: Line[]; placed?: Placed[] };

const escapePdf = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
/** A number as PDF writes it: at most two decimals, no trailing zeros. */
const num = (n: number) => {
  const text = n.toFixed(2).replace(/\.?0+$/, "");
  return text === "-0" ? "0" : text;
};

/** Helvetica's advance widths (per 1000 of the size) of the RAN letters, to centre them in their cell. */
const HELVETICA_WIDTH: Record<string, number> = { a: 556, d: 556, o: 556, p: 556, s: 500 };

/**
 * A tagged PDF of US Letter pages (portrait, or landscape), Helvetica. Every line of text is a
 * paragraph and every picture a figure whose alternative text names it (its accessible name for
 * a screen reader and the text a reader copies), in reading order; the pictures are vector
 * drawings (one form per drawing), so they print crisply in black and white at any size.
 */
export function makePdf(title: string, pages: readonly Page[], drawings: Readonly<Record<string, string>> = {}): Buffer {
  const objects: string[] = [];
  const add = (body = "") => objects.push(body); // returns the 1-based object number
  const set = (n: number, body: string) => (objects[n - 1] = body);
  const catalog = add();
  const pagesObj = add();
  const structRoot = add();
  const documentElem = add();
  const parentTree = add();
  const regular = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  const bold = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>");
  const info = add(`<< /Title (${escapePdf(title)}) /Producer (make-test-materials) >>`);
  // One form per drawing used, in the drawing's own 80 × 80 space (y down, as in its SVG).
  const used = [...new Set(pages.flatMap((p) => (p.placed ?? []).flatMap((item) => ("picture" in item ? [item.picture] : []))))];
  const forms = new Map<string, number>();
  for (const name of used) {
    const svg = drawings[name];
    if (svg === undefined) throw new Error(`No drawing for the picture "${name}"`);
    const stream = svgToPdf(svg);
    forms.set(
      name,
      add(
        `<< /Type /XObject /Subtype /Form /BBox [0 0 80 80] /Length ${Buffer.byteLength(stream, "latin1")} >>\nstream\n${stream}\nendstream`,
      ),
    );
  }
  const kids: number[] = [];
  const elements: number[] = [];
  const parents: string[] = [];
  pages.forEach((page, pageIndex) => {
    const [width, height] = page.landscape ? [792, 612] : [612, 792];
    const pageObj = add();
    const marked: number[] = []; // the structure element of each marked-content id, in order
    const mark = (type: "P" | "Figure", extra = "") => {
      const elem = add(`<< /Type /StructElem /S /${type} /P ${documentElem} 0 R /Pg ${pageObj} 0 R /K ${marked.length}${extra} >>`);
      elements.push(elem);
      marked.push(elem);
      return `/${type} << /MCID ${marked.length - 1} >> BDC`;
    };
    const ops: string[] = [];
    let y = height - 52;
    for (const line of page.lines) {
      y -= line.gap ?? line.size * 1.5; // a gap of 0 writes on the same line, at its own x
      ops.push(
        mark("P"),
        `BT /${line.bold ? "F2" : "F1"} ${line.size} Tf 1 0 0 1 ${num(line.x ?? 54)} ${num(y)} Tm (${escapePdf(line.text)}) Tj ET`,
        "EMC",
      );
    }
    const placed = page.placed ?? [];
    for (const item of placed) {
      if (!("picture" in item)) continue;
      const scale = item.size / 80;
      ops.push(
        mark(
          "Figure",
          ` /Alt (${escapePdf(item.alt)}) /A << /O /Layout /BBox [${[item.x, height - item.top - item.size, item.x + item.size, height - item.top].map(num).join(" ")}] >>`,
        ),
        `q ${num(scale)} 0 0 ${num(-scale)} ${num(item.x)} ${num(height - item.top)} cm /X${used.indexOf(item.picture)} Do Q`,
        "EMC",
      );
    }
    // Letters on a chart: one paragraph per row, read left to right.
    const rows = new Map<number, Extract<Placed, { glyph: string }>[]>();
    for (const item of placed) if ("glyph" in item) rows.set(item.row, [...(rows.get(item.row) ?? []), item]);
    for (const row of rows.values()) {
      ops.push(mark("P"));
      for (const item of row) {
        const advance = ((HELVETICA_WIDTH[item.glyph] ?? 556) * item.size) / 1000;
        const baseline = height - item.top - item.size * 0.78;
        ops.push(`BT /F1 ${num(item.size)} Tf 1 0 0 1 ${num(item.x - advance / 2)} ${num(baseline)} Tm (${escapePdf(item.glyph)}) Tj ET`);
      }
      ops.push("EMC");
    }
    const stream = ops.join("\n");
    const content = add(`<< /Length ${Buffer.byteLength(stream, "latin1")} >>\nstream\n${stream}\nendstream`);
    const xobjects = used.length ? ` /XObject << ${used.map((name, i) => `/X${i} ${forms.get(name)} 0 R`).join(" ")} >>` : "";
    set(
      pageObj,
      `<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [0 0 ${width} ${height}] /Contents ${content} 0 R /StructParents ${pageIndex} ` +
        `/Tabs /S /Resources << /Font << /F1 ${regular} 0 R /F2 ${bold} 0 R >>${xobjects} >> >>`,
    );
    kids.push(pageObj);
    parents.push(`${pageIndex} [${marked.map((e) => `${e} 0 R`).join(" ")}]`);
  });
  set(
    catalog,
    `<< /Type /Catalog /Pages ${pagesObj} 0 R /StructTreeRoot ${structRoot} 0 R /MarkInfo << /Marked true >> /Lang (en-US) ` +
      `/ViewerPreferences << /DisplayDocTitle true >> >>`,
  );
  set(pagesObj, `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(" ")}] /Count ${kids.length} >>`);
  set(structRoot, `<< /Type /StructTreeRoot /K ${documentElem} 0 R /ParentTree ${parentTree} 0 R /ParentTreeNextKey ${pages.length} >>`);
  set(documentElem, `<< /Type /StructElem /S /Document /P ${structRoot} 0 R /K [${elements.map((e) => `${e} 0 R`).join(" ")}] >>`);
  set(parentTree, `<< /Nums [${parents.join(" ")}] >>`);
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

// ── Drawings: a RAN object's SVG (scripts/make-ran-reference.ts) as PDF paths ─────────────────

const KAPPA = 0.5523; // a quarter circle as one cubic Bézier

function ellipsePath(cx: number, cy: number, rx: number, ry: number): string[] {
  const [ox, oy] = [rx * KAPPA, ry * KAPPA];
  const c = (...n: number[]) => `${n.map(num).join(" ")} c`;
  return [
    `${num(cx + rx)} ${num(cy)} m`,
    c(cx + rx, cy + oy, cx + ox, cy + ry, cx, cy + ry),
    c(cx - ox, cy + ry, cx - rx, cy + oy, cx - rx, cy),
    c(cx - rx, cy - oy, cx - ox, cy - ry, cx, cy - ry),
    c(cx + ox, cy - ry, cx + rx, cy - oy, cx + rx, cy),
    "h",
  ];
}

function rectPath(x: number, y: number, w: number, h: number, radius: number): string[] {
  if (radius <= 0) return [`${num(x)} ${num(y)} ${num(w)} ${num(h)} re`];
  const r = Math.min(radius, w / 2, h / 2);
  const o = r * (1 - KAPPA);
  const p = (...n: number[]) => n.map(num).join(" ");
  return [
    `${p(x + r, y)} m`,
    `${p(x + w - r, y)} l`,
    `${p(x + w - o, y, x + w, y + o, x + w, y + r)} c`,
    `${p(x + w, y + h - r)} l`,
    `${p(x + w, y + h - o, x + w - o, y + h, x + w - r, y + h)} c`,
    `${p(x + r, y + h)} l`,
    `${p(x + o, y + h, x, y + h - o, x, y + h - r)} c`,
    `${p(x, y + r)} l`,
    `${p(x, y + o, x + o, y, x + r, y)} c`,
    "h",
  ];
}

/** SVG path data (M L H V Q C Z, absolute and relative) as PDF path operators; a quadratic curve becomes a cubic. */
export function svgPathToPdf(d: string): string[] {
  const tokens = d.match(/[MLHVQCZ]|-?(?:\d+\.?\d*|\.\d+)/gi) ?? [];
  const out: string[] = [];
  let [i, x, y, startX, startY] = [0, 0, 0, 0, 0];
  let command = "";
  const next = () => {
    const value = Number(tokens[i++]);
    if (!Number.isFinite(value)) throw new Error(`Bad path data: ${d}`);
    return value;
  };
  for (let token = tokens[i]; token !== undefined; token = tokens[i]) {
    if (/[a-z]/i.test(token)) {
      command = token;
      i++;
    }
    const rel = command === command.toLowerCase();
    const [dx, dy] = rel ? [x, y] : [0, 0];
    switch (command.toUpperCase()) {
      case "M":
        [x, y] = [next() + dx, next() + dy];
        [startX, startY] = [x, y];
        out.push(`${num(x)} ${num(y)} m`);
        command = rel ? "l" : "L"; // pairs after a move are lines
        break;
      case "L":
        [x, y] = [next() + dx, next() + dy];
        out.push(`${num(x)} ${num(y)} l`);
        break;
      case "H":
        x = next() + dx;
        out.push(`${num(x)} ${num(y)} l`);
        break;
      case "V":
        y = next() + dy;
        out.push(`${num(x)} ${num(y)} l`);
        break;
      case "Q": {
        const [qx, qy, ex, ey] = [next() + dx, next() + dy, next() + dx, next() + dy];
        const c = [x + (2 / 3) * (qx - x), y + (2 / 3) * (qy - y), ex + (2 / 3) * (qx - ex), ey + (2 / 3) * (qy - ey), ex, ey];
        out.push(`${c.map(num).join(" ")} c`);
        [x, y] = [ex, ey];
        break;
      }
      case "C": {
        const [c1x, c1y, c2x, c2y, ex, ey] = [next() + dx, next() + dy, next() + dx, next() + dy, next() + dx, next() + dy];
        out.push(`${[c1x, c1y, c2x, c2y, ex, ey].map(num).join(" ")} c`);
        [x, y] = [ex, ey];
        break;
      }
      case "Z":
        out.push("h");
        [x, y] = [startX, startY];
        command = "";
        break;
      default:
        throw new Error(`Unsupported path data: ${d}`);
    }
  }
  return out;
}

/** A black-and-white colour as a PDF grey (0 black, 1 white); null for none, `inherited` when unset. */
function grey(colour: string | undefined, inherited: number | null): number | null {
  if (colour === undefined) return inherited;
  if (colour === "none") return null;
  if (/^(#000|#000000|black)$/i.test(colour)) return 0;
  if (/^(#fff|#ffffff|white)$/i.test(colour)) return 1;
  throw new Error(`The drawings are black and white, not ${colour}`);
}

/**
 * A drawing's SVG elements (circle, ellipse, rect, polygon, path with fill and stroke) as PDF
 * operators in the same coordinates: filled black unless said otherwise, as SVG does.
 */
export function svgToPdf(svg: string): string {
  const elements = [...svg.matchAll(/<(\w+)((?:\s+[\w-]+="[^"]*")*)\s*\/>/g)];
  if (elements.map((m) => m[0]).join("") !== svg) throw new Error(`Unsupported SVG in a drawing: ${svg}`);
  const ops: string[] = [];
  for (const [, tag, attributeText] of elements) {
    const a = Object.fromEntries([...attributeText!.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [name!, value!]));
    const n = (name: string) => Number(a[name] ?? 0);
    let path: string[];
    switch (tag) {
      case "circle":
        path = ellipsePath(n("cx"), n("cy"), n("r"), n("r"));
        break;
      case "ellipse":
        path = ellipsePath(n("cx"), n("cy"), n("rx"), n("ry"));
        break;
      case "rect":
        path = rectPath(n("x"), n("y"), n("width"), n("height"), n("rx"));
        break;
      case "polygon": {
        const points = (a.points ?? "")
          .trim()
          .split(/[\s,]+/)
          .map(Number);
        path = [];
        for (let k = 0; k < points.length; k += 2)
          path.push(`${num(itemAt(points, k))} ${num(itemAt(points, k + 1, "a y for each x of a polygon"))} ${k === 0 ? "m" : "l"}`);
        path.push("h");
        break;
      }
      case "path":
        path = svgPathToPdf(a.d ?? "");
        break;
      default:
        throw new Error(`Unsupported SVG element <${tag}> in a drawing`);
    }
    const fill = grey(a.fill, 0);
    const stroke = grey(a.stroke, null);
    if (fill === null && stroke === null) continue;
    ops.push("q");
    if (fill !== null) ops.push(`${fill} g`);
    if (stroke !== null) {
      ops.push(`${stroke} G ${num(Number(a["stroke-width"] ?? 1))} w`);
      ops.push(`${a["stroke-linecap"] === "round" ? 1 : 0} J ${a["stroke-linejoin"] === "round" ? 1 : 0} j`);
    }
    ops.push(...path, fill !== null && stroke !== null ? "B" : fill !== null ? "f" : "S", "Q");
  }
  return ops.join("\n");
}

// ── ZIP ─────────────────────────────────────────────────────────────────────────────────────

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
export function crc32(data: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8); // & 0xff: one of the 256 entries
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

/**
 * The order of the letters on a letter sheet: the product's own order (letters.ts, the letter
 * dialog's 'Product order'), so a teacher scoring in that order reads the sheet and the dialog
 * side by side, and a student cannot recite the sheet as the alphabet. The tests' own item lists
 * (assessment definitions) are A–Z, which is the order this replaces.
 */
export const SHEET_LETTER_ORDER = "product" as const;

function letterSheet(title: string, letters: readonly string[]): Page {
  const rows: Line[] = [];
  letters.forEach((text, i) => rows.push({ text, size: 36, gap: i % 6 === 0 ? 62 : 0, x: 80 + (i % 6) * 80 }));
  return {
    lines: [
      { text: title, size: 20, bold: true },
      { text: "Point to each letter in turn; the student names it or says its sound.", size: 11, gap: 24 },
      { text: "The letters follow the Product order of the dashboard's letter score dialog.", size: 11 },
      ...rows,
    ],
  };
}

/** Where a chart's cells are on a landscape page: 10 to a row, under the title and instruction. */
const CHART = { left: 54, top: 130, cellWidth: 68.4, cellHeight: 84, picture: 56, letter: 46 } as const;

/**
 * The student's RAN chart: the same items, in the same order and rows of ten, as the reference
 * chart the scorer follows (app/domain/ran-reference.ts). Objects are drawn, never written: a
 * four-year-old names pictures, not words; each picture's alternative text names it.
 */
function ranChartPage(grade: Grade, title: string): Page {
  const chart = ranReference(grade);
  const objects = chart.kind === "objects";
  const placed: Placed[] = ranReferenceRows(chart).flatMap((row, r) =>
    row.map((item, c): Placed => {
      const cellLeft = CHART.left + c * CHART.cellWidth;
      const top = CHART.top + r * CHART.cellHeight;
      return objects
        ? {
            picture: item,
            alt: item,
            x: cellLeft + (CHART.cellWidth - CHART.picture) / 2,
            top: top + (CHART.cellHeight - CHART.picture) / 2,
            size: CHART.picture,
          }
        : { glyph: item, row: r, x: cellLeft + CHART.cellWidth / 2, top: top + (CHART.cellHeight - CHART.letter) / 2, size: CHART.letter };
    }),
  );
  return {
    landscape: true,
    lines: [
      { text: `${title}: student chart`, size: 20, bold: true },
      {
        text: `Name the ${objects ? "pictures" : "letters"} as fast as you can, row by row (${chart.count} ${chart.kind}, ${chart.rows} rows of ${chart.columns}).`,
        size: 11,
        gap: 24,
      },
    ],
    placed,
  };
}

export function gradePdf(grade: Grade): Buffer {
  const tests = defaultGradeAssessments(grade, "BOY", { rerKindergarten: false });
  const cover: Page = {
    lines: [
      { text: `${GRADE_WORDS[grade]} Test Materials`, size: 24, bold: true },
      { text: "Early-literacy screener: student materials for the teacher-led subtests.", size: 12, gap: 30 },
      { text: "Print on US Letter, one sided. Keep the student pages face down until the subtest starts.", size: 11 },
      { text: "Subtests of this grade:", size: 13, bold: true, gap: 34 },
      ...tests.map((code) => ({ text: `-  ${ASSESSMENTS[code].title}`, size: 12, x: 70 })),
    ],
  };
  const pages: Page[] = [cover];
  for (const [code, title] of [
    ["letter-names", "Letter Names"],
    ["letter-sounds", "Letter Sounds"],
  ] as const) {
    if (tests.includes(code))
      pages.push(letterSheet(`${title}: student sheet`, sortLetters(letterItems(code), SHEET_LETTER_ORDER).map(letterOfItem)));
  }
  const ran = ranTestFor(grade, "student");
  if (ran) pages.push(ranChartPage(grade, ASSESSMENTS[ran].title));
  return makePdf(`${GRADE_WORDS[grade]} Test Materials`, pages, OBJECT_DRAWINGS);
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

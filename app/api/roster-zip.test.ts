import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { exportZip, makeZip, oneRosterFiles, repeatedEntry, sampleDistrict, type ZipEntry } from "../../tests/support/oneroster-export";
import { parseCsv, type CsvTable, type RowError } from "#app/domain/oneroster";
import { ApiError } from "./errors";
import {
  MAX_ROSTER_FILE_BYTES,
  MAX_ROSTER_READS_AT_ONCE,
  MAX_ROSTER_READS_WAITING,
  MAX_ROSTER_ROWS,
  MAX_ROSTER_TOTAL_ROWS,
  MAX_UNCOMPRESSED_BYTES,
  MAX_ZIP_BYTES,
  readRosterZip,
  ZIP_MESSAGES,
} from "./roster-zip";

const files = () => oneRosterFiles(sampleDistrict());

/** A parsed file as plain data: its columns, then each row's line and values. */
function plain(table: CsvTable | RowError | undefined) {
  if (!table || "reason" in table) return table;
  return { columns: table.columns, rows: table.rows.map((r) => [r.line, ...table.columns.map((c) => r.get(c))]) };
}

describe("readRosterZip accepts", () => {
  it("a OneRoster export, each file parsed as it inflates, as the text parser reads it", async () => {
    const read = await readRosterZip(exportZip(files()));
    expect([...read.keys()].sort()).toEqual([...files().keys()].sort());
    for (const [name, text] of files()) expect(plain(read.get(name))).toEqual(plain(parseCsv(name, text)));
    expect((read.get("users.csv") as CsvTable).rows.length).toBeGreaterThan(20);
  });

  it("a file larger than one inflated chunk, with a multi-byte letter split across chunks", async () => {
    // 20,000 rows of 'Zoë' make about 600 KB: yauzl inflates in 16–64 KB chunks, so the parser is fed many pieces.
    const rows = Array.from({ length: 20_000 }, (_, i) => `c${i},Zoë ${i}`);
    const text = ["sourcedId,title", ...rows].join("\n");
    const read = await readRosterZip(
      makeZip([
        ...[...files()].filter(([n]) => n !== "courses.csv").map(([name, data]) => ({ name, data })),
        { name: "courses.csv", data: text },
      ]),
    );
    const courses = read.get("courses.csv") as CsvTable;
    expect(courses.rows).toHaveLength(20_000);
    expect(courses.rows[19_999]?.get("title")).toBe("Zoë 19999");
    expect(courses.rows[19_999]?.line).toBe(20_001);
  });

  it("malformed CSV as one error for its file, with the line", async () => {
    const read = await readRosterZip(
      makeZip([
        ...[...files()].filter(([n]) => n !== "courses.csv").map(([name, data]) => ({ name, data })),
        { name: "courses.csv", data: 'sourcedId,title\nc1,"open\nc2,x\n' },
      ]),
    );
    expect(read.get("courses.csv")).toMatchObject({ file: "courses.csv", column: "", reason: expect.stringMatching(/^not valid CSV/) });
  });

  it("a BOM, CRLF, one wrapping folder, folders and macOS clutter", async () => {
    const entries: ZipEntry[] = [{ name: "export/", data: "" }];
    for (const [name, text] of files()) entries.push({ name: `export/${name}`, data: `\uFEFF${text.replace(/\n/g, "\r\n")}` });
    entries.push({ name: "__MACOSX/export/._orgs.csv", data: Buffer.from([0, 5, 22, 7, 0xff]) }, { name: "export/.DS_Store", data: "x" });
    const read = await readRosterZip(makeZip(entries));
    // The BOM is not part of the first column's name, and no value keeps a CR.
    expect(plain(read.get("orgs.csv"))).toEqual(plain(parseCsv("orgs.csv", files().get("orgs.csv")!)));
  });

  it("stored (uncompressed) entries and unknown files it ignores", async () => {
    const entries: ZipEntry[] = [...files()].map(([name, data]) => ({ name, data, method: "store" }));
    entries.push({ name: "readme.txt", data: Buffer.from([0xff, 0xfe, 0x00]) });
    expect((await readRosterZip(makeZip(entries))).size).toBe(files().size);
  });
});

/** The export with these entries in place of the files of the same names. */
const withEntries = (...extra: ZipEntry[]) =>
  makeZip([...[...files()].filter(([name]) => !extra.some((e) => e.name === name)).map(([name, data]) => ({ name, data })), ...extra]);

/** The attack's users.csv: a header of eleven columns, and rows of eleven empty values (11 bytes). */
const USERS_HEADER = "sourcedId,status,dateLastModified,enabledUser,orgSourcedIds,role,username,givenName,familyName,email,grades\n";
const EMPTY_ROW = ",,,,,,,,,,\n";

describe("readRosterZip's bounds (issue 33)", () => {
  it("accepts a file of exactly MAX_ROSTER_ROWS rows after its header, more than twice the bench's largest file (205,000 enrollments)", async () => {
    expect(MAX_ROSTER_ROWS).toBeGreaterThanOrEqual(2 * 205_000);
    const read = await readRosterZip(withEntries(repeatedEntry("courses.csv", "sourcedId,title\n", "c,Reading\n", MAX_ROSTER_ROWS)));
    const courses = read.get("courses.csv") as CsvTable;
    expect(courses.rows).toHaveLength(MAX_ROSTER_ROWS);
    expect(courses.rows[MAX_ROSTER_ROWS - 1]?.line).toBe(MAX_ROSTER_ROWS + 1);
  }, 60_000);

  it("refuses one row more, even when the last row has no line end (counted as it is parsed)", async () => {
    const text = `sourcedId,title\n${"c,Reading\n".repeat(MAX_ROSTER_ROWS)}c,Reading`;
    await expect(readRosterZip(withEntries({ name: "courses.csv", data: text, method: "store" }))).rejects.toThrow(
      ZIP_MESSAGES.tooManyRows("courses.csv"),
    );
  }, 60_000);

  it("says which file, and the bound, in words for the uploader", () => {
    expect(ZIP_MESSAGES.tooManyRows("users.csv")).toMatch(/^users\.csv has more than 500,000 rows \(empty rows count too\)/);
    expect(ZIP_MESSAGES.fileTooLarge("users.csv")).toMatch(/^users\.csv unpacks to more than 50,000,000 bytes/);
  });

  it.each<[string, () => Buffer, string]>([
    [
      "the attack: 34.5 M empty rows of users.csv (380 MB) in a 5.8 MB zip, by its declared size",
      () => withEntries(repeatedEntry("users.csv", USERS_HEADER, EMPTY_ROW, 34_500_000)),
      ZIP_MESSAGES.fileTooLarge("users.csv"),
    ],
    [
      "a file declaring one byte more than MAX_ROSTER_FILE_BYTES",
      () => withEntries(repeatedEntry("users.csv", "a", `${"x".repeat(999)}\n`, MAX_ROSTER_FILE_BYTES / 1000)),
      ZIP_MESSAGES.fileTooLarge("users.csv"),
    ],
    [
      "4.5 M rows of empty values in 49.5 MB, under every size cap",
      () => withEntries(repeatedEntry("users.csv", USERS_HEADER, EMPTY_ROW, 4_500_000)),
      ZIP_MESSAGES.tooManyRows("users.csv"),
    ],
    [
      "empty lines, which the parser would skip",
      () => withEntries(repeatedEntry("enrollments.csv", "sourcedId,classSourcedId,userSourcedId,role\n", "\n", MAX_ROSTER_ROWS + 1)),
      ZIP_MESSAGES.tooManyRows("enrollments.csv"),
    ],
    [
      "rows ended by CR alone",
      () => withEntries(repeatedEntry("classes.csv", "sourcedId,title,schoolSourcedId\r", ",,\r", MAX_ROSTER_ROWS + 1)),
      ZIP_MESSAGES.tooManyRows("classes.csv"),
    ],
    [
      "files each under the row bound, together over MAX_ROSTER_TOTAL_ROWS",
      () =>
        withEntries(
          ...["users.csv", "enrollments.csv", "demographics.csv"].map((name) =>
            repeatedEntry(name, "sourcedId\n", "x\n", Math.ceil((MAX_ROSTER_TOTAL_ROWS + 1) / 3)),
          ),
        ),
      ZIP_MESSAGES.tooManyRowsTotal,
    ],
    [
      "entries declaring more than MAX_UNCOMPRESSED_BYTES together, each under the ratio and file caps",
      () =>
        withEntries(
          ...Array.from({ length: 3 }, (_, i) => ({
            name: `f${i}.txt`,
            data: randomBytes(1_100_000),
            declaredSize: Math.ceil(MAX_UNCOMPRESSED_BYTES / 3) + 1,
          })),
        ),
      ZIP_MESSAGES.bomb,
    ],
  ])("%s", async (_, zip, message) => {
    await expect(readRosterZip(zip())).rejects.toThrow(message);
  });
});

describe("readRosterZip reads one roster at a time (issue 33)", () => {
  it("lets MAX_ROSTER_READS_WAITING uploads wait their turn and refuses the next at once (429), then takes new reads again", async () => {
    const zip = exportZip(files());
    const reads = Array.from({ length: MAX_ROSTER_READS_AT_ONCE + MAX_ROSTER_READS_WAITING + 1 }, () =>
      readRosterZip(zip).then(
        (read) => read.size,
        (error: unknown) => error,
      ),
    );
    const outcomes = await Promise.all(reads);
    expect(outcomes.slice(0, -1)).toEqual(outcomes.slice(0, -1).map(() => files().size));
    const refused = outcomes.at(-1);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 429, message: ZIP_MESSAGES.busy });
    // A refused bomb ends its turn too.
    await expect(readRosterZip(withEntries({ name: "../evil.csv", data: "x" }))).rejects.toThrow(ZIP_MESSAGES.outsideRoot("../evil.csv"));
    expect((await readRosterZip(zip)).size).toBe(files().size);
  });
});

describe("readRosterZip refuses", () => {
  /** The export with one more entry, in place of the file of the same name. */
  const withEntry = (extra: ZipEntry) => withEntries(extra);
  it.each<[string, () => Buffer, string]>([
    ["a file over 15,000,000 bytes", () => Buffer.alloc(MAX_ZIP_BYTES + 1), ZIP_MESSAGES.tooLarge],
    ["a file that is not a zip", () => Buffer.from("sourcedId,name\n"), ZIP_MESSAGES.notZip],
    ["a path going up", () => withEntry({ name: "../evil.csv", data: "x" }), ZIP_MESSAGES.outsideRoot("../evil.csv")],
    ["an absolute path", () => withEntry({ name: "/etc/passwd", data: "x" }), ZIP_MESSAGES.outsideRoot("/etc/passwd")],
    ["a Windows path", () => withEntry({ name: "..\\evil.csv", data: "x" }), ZIP_MESSAGES.outsideRoot("..\\evil.csv")],
    ["a nested zip by name", () => withEntry({ name: "inner.zip", data: "x" }), ZIP_MESSAGES.nested("inner.zip")],
    [
      "a nested zip by content",
      () => withEntry({ name: "data.bin", data: makeZip([{ name: "a", data: "b" }]) }),
      ZIP_MESSAGES.nested("data.bin"),
    ],
    [
      "a nested zip named as a roster file",
      () => withEntry({ name: "sub/courses.csv", data: makeZip([{ name: "a", data: "b" }]) }),
      ZIP_MESSAGES.nested("sub/courses.csv"),
    ],
    ["a compression ratio over 100:1", () => withEntry({ name: "pad.csv", data: Buffer.alloc(20_000_000) }), ZIP_MESSAGES.ratio("pad.csv")],
    [
      "a total declared size over the cap",
      () => makeZip(Array.from({ length: 5 }, (_, i) => ({ name: `f${i}.txt`, data: randomBytes(1_100_000), declaredSize: 100_000_000 }))),
      ZIP_MESSAGES.bomb,
    ],
    [
      "an entry inflating past its declared size",
      () => withEntry({ name: "courses.csv", data: Buffer.alloc(500_000, 65), declaredSize: 10 }),
      ZIP_MESSAGES.bomb,
    ],
    [
      "text that is not UTF-8",
      () => withEntry({ name: "courses.csv", data: Buffer.from("sourcedId,title\nc1,Caf\xe9\n", "latin1") }),
      ZIP_MESSAGES.notUtf8("courses.csv"),
    ],
    ["the same file twice", () => withEntry({ name: "x/orgs.csv", data: "sourcedId,name,type\n" }), ZIP_MESSAGES.twice("orgs.csv")],
  ])("%s", async (_, zip, message) => {
    await expect(readRosterZip(zip())).rejects.toThrow(message);
  });
});

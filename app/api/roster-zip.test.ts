import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { exportZip, makeZip, oneRosterFiles, sampleDistrict, type ZipEntry } from "../../tests/support/oneroster-export";
import { MAX_ZIP_BYTES, readRosterZip, ZIP_MESSAGES } from "./roster-zip";

const files = () => oneRosterFiles(sampleDistrict());

describe("readRosterZip accepts", () => {
  it("a OneRoster export, each file as UTF-8 text", async () => {
    const read = await readRosterZip(exportZip(files()));
    expect([...read.keys()].sort()).toEqual([...files().keys()].sort());
    expect(read.get("orgs.csv")).toBe(files().get("orgs.csv"));
  });

  it("a BOM, CRLF, one wrapping folder, folders and macOS clutter", async () => {
    const entries: ZipEntry[] = [{ name: "export/", data: "" }];
    for (const [name, text] of files()) entries.push({ name: `export/${name}`, data: `\uFEFF${text.replace(/\n/g, "\r\n")}` });
    entries.push({ name: "__MACOSX/export/._orgs.csv", data: Buffer.from([0, 5, 22, 7, 0xff]) }, { name: "export/.DS_Store", data: "x" });
    const read = await readRosterZip(makeZip(entries));
    expect(read.get("orgs.csv")!.startsWith("sourcedId,")).toBe(true);
    expect(read.get("orgs.csv")!.includes("\r\n")).toBe(true);
  });

  it("stored (uncompressed) entries and unknown files it ignores", async () => {
    const entries: ZipEntry[] = [...files()].map(([name, data]) => ({ name, data, method: "store" }));
    entries.push({ name: "readme.txt", data: Buffer.from([0xff, 0xfe, 0x00]) });
    expect((await readRosterZip(makeZip(entries))).size).toBe(files().size);
  });
});

describe("readRosterZip refuses", () => {
  /** The export with one more entry, in place of the file of the same name. */
  const withEntry = (extra: ZipEntry) =>
    makeZip([...[...files()].filter(([name]) => name !== extra.name).map(([name, data]) => ({ name, data })), extra]);
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

import { describe, expect, it } from "vitest";
import { looksLikeZip, ROSTER_FILE_MESSAGES, rosterFileProblem } from "./roster-upload";

const f = (name: string, size = 10, type = "") => ({ name, size, type });

describe("rosterFileProblem", () => {
  it.each<[string, { name: string; type: string; size: number }[], string | null]>([
    ["one .zip", [f("roster.zip")], null],
    ["upper-case .ZIP", [f("ROSTER.ZIP")], null],
    ["application/zip without the extension", [f("roster", 10, "application/zip")], null],
    ["exactly 15,000,000 bytes", [f("roster.zip", 15_000_000)], null],
    ["nothing chosen", [], ROSTER_FILE_MESSAGES.none],
    ["the empty file a form without a choice sends", [f("", 0)], ROSTER_FILE_MESSAGES.none],
    ["two files", [f("a.zip"), f("b.zip")], ROSTER_FILE_MESSAGES.many],
    ["a csv", [f("users.csv", 10, "text/csv")], ROSTER_FILE_MESSAGES.notZip],
    ["15,000,001 bytes", [f("roster.zip", 15_000_001)], ROSTER_FILE_MESSAGES.tooLarge],
    ["an empty zip file", [f("roster.zip", 0)], ROSTER_FILE_MESSAGES.empty],
  ])("%s", (_, files, want) => expect(rosterFileProblem(files)).toBe(want));
});

describe("looksLikeZip", () => {
  it.each<[string, number[], boolean]>([
    ["local file header", [0x50, 0x4b, 3, 4], true],
    ["empty zip", [0x50, 0x4b, 5, 6], true],
    ["csv", [0x73, 0x6f, 0x75, 0x72], false],
    ["too short", [0x50, 0x4b], false],
  ])("%s", (_, bytes, want) => expect(looksLikeZip(new Uint8Array(bytes))).toBe(want));
});

import { describe, expect, it } from "vitest";
import { EXPORT_FILES, exportReadme } from "./student-export";

describe("the export's README.txt", () => {
  const facts = {
    name: "Ada Lovelace",
    participantCode: "ABCD2345",
    exportedAt: "2026-03-02T10:00:00.000Z",
    recordings: 2,
    otherTables: [],
  };

  it.each(Object.values(EXPORT_FILES).filter((f) => f !== EXPORT_FILES.readme && f !== EXPORT_FILES.other))(
    "says what %s holds",
    (file) => {
      expect(exportReadme(facts)).toMatch(new RegExp(`^${file.replace(".", "\\.")}  `, "m"));
    },
  );

  it("names the student, the time, the recordings and that there are no notes", () => {
    const text = exportReadme(facts);
    expect(text).toContain("about Ada Lovelace (participant code ABCD2345)");
    expect(text).toContain("exported 2026-03-02T10:00:00.000Z");
    expect(text).toContain("The 2 recording file(s)");
    expect(text).toContain("no free-text notes");
  });

  it.each([
    [[], false],
    [["record_access_v2"], true],
  ])("lists other-records.json only when other tables held rows (%j)", (otherTables, listed) => {
    expect(exportReadme({ ...facts, otherTables }).includes(EXPORT_FILES.other)).toBe(listed);
  });
});

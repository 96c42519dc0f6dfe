import { describe, expect, it } from "vitest";
import { audioQuestionPart, audioStorageKey, parseAudioFileName, ranAudioFileName } from "./ran-audio-name";

const P = "3f0c2a4e-1b2c-4d5e-8f90-a1b2c3d4e5f6";
const T = "9a1b2c3d-4e5f-4a6b-9c7d-e8f9a0b1c2d3";

describe("audioQuestionPart (spec 001 §7: lowercased; 'TEST_' becomes 'test_ran_')", () => {
  it.each<[string, string | null]>([
    ["object-ran_prac_1", "object-ran_prac_1"],
    ["LETTER-RAN_1", "letter-ran_1"],
    ["TEST_1", "test_ran_1"],
    ["TEST_PRAC_1", "test_ran_prac_1"],
    ["test_2", "test_ran_2"],
    ["Test_Letters", "test_ran_letters"],
    ["TEST_RAN_1", "test_ran_1"],
    ["PRAC_TEST_1", "prac_test_1"],
    ["TESTING_1", "testing_1"],
    ["TEST1", "test1"],
    ["  LS_a ", "ls_a"],
    ["", null],
    ["../etc/passwd", null],
    ["a/b", null],
    ["a b", null],
    ["code.wav", null],
    ["_leading", null],
    ["x".repeat(101), null],
  ])("%j → %j", (code, expected) => {
    expect(audioQuestionPart(code)).toBe(expected);
  });
});

describe("ranAudioFileName and parseAudioFileName", () => {
  it("builds {participantId}_{participantTestId}_{code}.wav", () => {
    expect(ranAudioFileName(P, T, "TEST_1")).toBe(`${P}_${T}_test_ran_1.wav`);
    expect(ranAudioFileName(P.toUpperCase(), T, "letter-ran_prac_1")).toBe(`${P}_${T}_letter-ran_prac_1.wav`);
  });

  it("has no name for a code that cannot be one, or ids that are not ids", () => {
    expect(ranAudioFileName(P, T, "a/b")).toBeNull();
    expect(ranAudioFileName("42", T, "TEST_1")).toBeNull();
  });

  it("reads back what it builds", () => {
    const fileName = ranAudioFileName(P, T, "TEST_PRAC_1")!;
    expect(parseAudioFileName(fileName)).toEqual({ participantId: P, participantTestId: T, questionPart: "test_ran_prac_1", fileName });
  });

  it.each([
    `${P}_${T}_letter-ran_1.mp3`,
    `${P}_${T}_.wav`,
    `${P}_${T}_TEST_1.wav`,
    `${P}_${T}_../../x.wav`,
    `${P}_${T}_a/b.wav`,
    `${P}_${T}_a.b.wav`,
    `/etc/${P}_${T}_x.wav`,
    `${P}_${T}_x.wav\0`,
    `${P}_x.wav`,
    `${P.toUpperCase()}_${T}_x.wav`,
    "../../../etc/passwd",
    "/etc/passwd",
    "",
  ])("refuses %j", (fileName) => {
    expect(parseAudioFileName(fileName)).toBeNull();
  });

  it("stores a recording in its student's folder under its own name", () => {
    expect(audioStorageKey(parseAudioFileName(`${P}_${T}_test_ran_1.wav`)!)).toBe(`ran-audio/${P}/${P}_${T}_test_ran_1.wav`);
  });
});

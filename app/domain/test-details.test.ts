import { describe, expect, it } from "vitest";
import { TEST_CODES, type TestCode } from "./assessments";
import {
  ADMIN_VIEW_TITLE_CODES,
  NORMAL_VIEW_TITLE_CODES,
  audioSrc,
  prettyProviderResponse,
  testDetails,
  questionAudio,
  titleAction,
  TWO_RECORDING_TEST_CODE,
  UNABLE_TO_LOAD_TEST_DETAILS,
  type TitleAction,
} from "./test-details";

const P = "11111111-2222-4333-8444-555555555555";
const T = "aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee";

describe("prettyProviderResponse", () => {
  it.each<[string, string | null, string]>([
    ["null is empty", null, ""],
    ["plain text stays", "cat", "cat"],
    ["broken JSON stays", '{"answer": "cat"', '{"answer": "cat"'],
    ["an object is indented", '{"answer":"cat","confidence":0.9}', '{\n  "answer": "cat",\n  "confidence": 0.9\n}'],
    ["an array is indented", "[1,2]", "[\n  1,\n  2\n]"],
    [
      "a nested JSON string is parsed too",
      JSON.stringify({ provider: "asr", result: JSON.stringify({ text: "sun", alternatives: ["son"] }) }),
      '{\n  "provider": "asr",\n  "result": {\n    "text": "sun",\n    "alternatives": [\n      "son"\n    ]\n  }\n}',
    ],
    ["a whole response that is a JSON string of JSON", JSON.stringify(JSON.stringify({ answer: "map" })), '{\n  "answer": "map"\n}'],
    ["strings that only look like scalars stay strings", JSON.stringify({ n: "42", b: "true" }), '{\n  "n": "42",\n  "b": "true"\n}'],
    ["a string with braces that is not JSON stays", JSON.stringify({ t: "{not json}" }), '{\n  "t": "{not json}"\n}'],
  ])("%s", (_name, raw, shown) => {
    expect(prettyProviderResponse(raw)).toBe(shown);
  });
});

describe("questionAudio", () => {
  it("names one recording per question by the spec's rule, lower-cased", () => {
    expect(questionAudio(P, T, "vocab", "VOCAB_3")).toEqual([
      { label: "Recording", fileName: `${P}_${T}_vocab_3.wav`, src: `/api/participantTest/getAudioFile?fileName=${P}_${T}_vocab_3.wav` },
    ]);
  });

  it("reads a TEST_ prefix as test_ran_", () => {
    expect(questionAudio(P, T, "letter-ran", "TEST_1")[0]?.src).toBe(`/api/participantTest/getAudioFile?fileName=${P}_${T}_test_ran_1.wav`);
  });

  it("plays two recordings, first and second, for the one test code that has two", () => {
    expect(TWO_RECORDING_TEST_CODE).toBe("nonword-repetition");
    expect(questionAudio(P, T, "nonword-repetition", "NWR_2")).toEqual([
      {
        label: "First",
        fileName: `${P}_${T}_nwr_2_first.wav`,
        src: `/api/participantTest/getAudioFile?fileName=${P}_${T}_nwr_2_first.wav`,
      },
      {
        label: "Second",
        fileName: `${P}_${T}_nwr_2_second.wav`,
        src: `/api/participantTest/getAudioFile?fileName=${P}_${T}_nwr_2_second.wav`,
      },
    ]);
    expect(questionAudio(P, T, "rer-nonword-repetition", "NWR_2")).toHaveLength(1);
  });

  it("adds the signed access token to the endpoint's URL when given", () => {
    expect(audioSrc(`${P}_${T}_vocab_3.wav`, "abc.def")).toBe(
      `/api/participantTest/getAudioFile?fileName=${P}_${T}_vocab_3.wav&token=abc.def`,
    );
  });

  it("offers no recording for a code that cannot name a file", () => {
    expect(questionAudio(P, T, "vocab", "../etc/passwd")).toEqual([]);
    expect(questionAudio(P, T, "vocab", "a b")).toEqual([]);
  });
});

describe("testDetails", () => {
  const responses = [
    { participantTestQuestionResponseId: "r1", questionCode: "NWR_1", score: 1, providerResponse: '{"heard":"bafa"}' },
    { participantTestQuestionResponseId: "r2", questionCode: "NWR_2", score: null, providerResponse: null },
  ];

  it("has a row per question response: question ID, score, pretty provider response and signed recordings", () => {
    const details = testDetails(
      { participantTestId: T, participantId: P, testCode: "nonword-repetition", ParticipantTestQuestionResponses: responses },
      { token: "v1.1.sig", stored: () => true },
    );
    expect(details.testId).toBe(T);
    expect(details.title).toBe("Test details: Nonword Repetition");
    expect(details.rows.map((r) => [r.id, r.questionCode, r.score, r.response, r.audio.map((a) => a.label)])).toEqual([
      ["r1", "NWR_1", "1", '{\n  "heard": "bafa"\n}', ["First", "Second"]],
      ["r2", "NWR_2", "N/A", "", ["First", "Second"]],
    ]);
    expect(details.rows[0]?.audio[1]?.src).toBe(`/api/participantTest/getAudioFile?fileName=${P}_${T}_nwr_1_second.wav&token=v1.1.sig`);
  });

  // Issue 34 item 12: nonword repetition offered both players for files that were never stored (404, 0:00).
  it("offers each of nonword repetition's two recordings only where its file is stored", () => {
    const stored = new Set([`${P}_${T}_nwr_1_first.wav`, `${P}_${T}_nwr_1_second.wav`, `${P}_${T}_nwr_2_second.wav`]);
    const details = testDetails(
      { participantTestId: T, participantId: P, testCode: "nonword-repetition", ParticipantTestQuestionResponses: responses },
      { token: "t", stored: (name) => stored.has(name) },
    );
    expect(details.rows.map((r) => r.audio.map((a) => a.label))).toEqual([["First", "Second"], ["Second"]]);
    expect(details.rows.every((r) => r.labelled)).toBe(true);
    const none = testDetails(
      { participantTestId: T, participantId: P, testCode: "nonword-repetition", ParticipantTestQuestionResponses: responses },
      { token: "t", stored: () => false },
    );
    expect(none.rows.map((r) => r.audio)).toEqual([[], []]);
  });

  it("offers a single recording only where one is stored, and none without a token", () => {
    const input = {
      participantTestId: T,
      participantId: P,
      testCode: "object-ran" as const,
      ParticipantTestQuestionResponses: responses.map((r, i) => ({ ...r, questionCode: `object-ran_${i + 1}` })),
    };
    const granted = testDetails(input, { token: "t", stored: (name) => name === `${P}_${T}_object-ran_1.wav` });
    expect(granted.rows.map((r) => r.audio.map((a) => a.fileName))).toEqual([[`${P}_${T}_object-ran_1.wav`], []]);
    expect(testDetails(input, null).rows.map((r) => r.audio)).toEqual([[], []]);
  });
});

describe("titleAction (spec 001 §6)", () => {
  const done = { completedFlag: true };
  const teacher = { superAdmin: false, adminView: false };
  const teacherAsking = { superAdmin: false, adminView: true };
  const superNormal = { superAdmin: true, adminView: false };
  const superAdmin = { superAdmin: true, adminView: true };
  it.each<[string, TestCode, { completedFlag: boolean } | null, typeof teacher, TitleAction]>([
    ["RAN opens the scoring dialog", "object-ran", done, teacher, "ran"],
    ["RER letter RAN too", "rer-letter-ran", done, teacher, "ran"],
    ["a spoken test opens details", "nonword-repetition", done, teacher, "details"],
    ["word reading opens details", "word-reading", done, teacher, "details"],
    ["a tapped test opens nothing in the normal view", "vocab", done, teacher, null],
    ["Admin View is ignored for a teacher", "vocab", done, teacherAsking, null],
    ["a super admin without Admin View sees the normal list", "vocab", done, superNormal, null],
    ["Admin View opens any test's details", "vocab", done, superAdmin, "details"],
    ["Admin View: letter tests too", "letter-names", done, superAdmin, "details"],
    ["Admin View: RAN still opens the scoring dialog", "letter-ran", done, superAdmin, "ran"],
    ["an unfinished test opens nothing", "word-reading", { completedFlag: false }, superAdmin, null],
    ["no test opens nothing", "object-ran", null, superAdmin, null],
  ])("%s", (_name, code, test, view, action) => {
    expect(titleAction(code, test, view)).toBe(action);
  });

  it("the Admin View list is every test and holds the normal one", () => {
    expect(ADMIN_VIEW_TITLE_CODES).toEqual(TEST_CODES);
    for (const code of NORMAL_VIEW_TITLE_CODES) expect(ADMIN_VIEW_TITLE_CODES).toContain(code);
    expect(NORMAL_VIEW_TITLE_CODES.length).toBeLessThan(ADMIN_VIEW_TITLE_CODES.length);
  });
});

it("uses the spec's failure text", () => {
  expect(UNABLE_TO_LOAD_TEST_DETAILS).toBe("Unable to load test details.");
});

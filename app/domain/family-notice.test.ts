import { describe, expect, it } from "vitest";
import { DEFAULT_NOTICE_CONTACT, DEFAULT_NOTICE_WORDING } from "#app/i18n/family-notice/defaults";
import {
  fillNotice,
  NOTICE_LANGS,
  noticeLetter,
  noticeParagraphs,
  unknownPlaceholderMessage,
  unknownPlaceholders,
  type NoticeFills,
} from "./family-notice";
import { FamilyNoticeInput, NoticesSentInput } from "./family-notice-input";

const FILLS: NoticeFills = {
  student: "Ana Díaz",
  grade: "1st grade",
  date: "March 11, 2026",
  school: "Cedar Elementary",
  contact: "Ms. Rivera, (555) 010-0100",
};

describe("fillNotice", () => {
  it.each([
    [
      "every fill-in",
      "{student} ({grade}), {school}, {date}: ask {contact}.",
      "Ana Díaz (1st grade), Cedar Elementary, March 11, 2026: ask Ms. Rivera, (555) 010-0100.",
    ],
    ["a fill-in twice", "{student} and {student}", "Ana Díaz and Ana Díaz"],
    ["no fill-in", "Dear family,", "Dear family,"],
    ["doubled braces print one brace", "{{student}} is written {{student}}", "{student} is written {student}"],
    ["a doubled brace beside a fill-in", "{{{student}}}", "{Ana Díaz}"],
    ["a brace that is not a fill-in stays", "a { b } c {", "a { b } c {"],
    ["markup is kept as text", "<b>{student}</b> & co", "<b>Ana Díaz</b> & co"],
    ["an unknown name stays as written", "{teacher}", "{teacher}"],
  ])("%s", (_, text, expected) => {
    expect(fillNotice(text, FILLS)).toBe(expected);
  });

  it.each([
    ["a value naming a fill-in is not filled again", { ...FILLS, school: "{student} Academy" }, "{school}", "{student} Academy"],
    ["a value with markup stays text", { ...FILLS, student: "<script>x</script>" }, "Dear {student}", "Dear <script>x</script>"],
    ["a value with $& is kept as typed", { ...FILLS, contact: "$& and $1" }, "{contact}", "$& and $1"],
  ])("%s", (_, fills, text, expected) => {
    expect(fillNotice(text, fills)).toBe(expected);
  });
});

describe("unknownPlaceholders", () => {
  it.each([
    ["none", "{student} in {grade} at {school} on {date}, {contact}", []],
    ["one", "Dear {studnet}", ["studnet"]],
    ["each once, in order", "{teacher} {b} {teacher}", ["teacher", "b"]],
    ["case matters", "{Student}", ["Student"]],
    ["doubled braces are not fill-ins", "{{teacher}}", []],
    ["a brace with a space is plain text", "{ student }", []],
  ])("%s", (_, text, expected) => {
    expect(unknownPlaceholders(text)).toEqual(expected);
  });

  it("names them in the message", () => {
    expect(unknownPlaceholderMessage(["teacher"])).toBe(
      "Unknown placeholder {teacher}: use {student}, {grade}, {date}, {school} or {contact}.",
    );
    expect(unknownPlaceholderMessage(["a", "b"])).toBe(
      "Unknown placeholders {a}, {b}: use {student}, {grade}, {date}, {school} or {contact}.",
    );
  });
});

describe("noticeParagraphs", () => {
  it.each([
    ["blank lines part paragraphs", "a\n\nb", [["a"], ["b"]]],
    ["single newlines are lines of one paragraph", "a\nb\n\nc", [["a", "b"], ["c"]]],
    ["Windows line ends and blank lines with spaces", "a\r\n  \r\nb", [["a"], ["b"]]],
    ["extra blank lines make no empty paragraph", "\n\na\n\n\n\nb\n\n", [["a"], ["b"]]],
    ["empty", "", []],
  ])("%s", (_, text, expected) => {
    expect(noticeParagraphs(text)).toEqual(expected);
  });
});

describe("the default wording", () => {
  it.each(NOTICE_LANGS.map((l) => [l]))("%s uses only known fill-ins, states no figure, and says a flag is not a diagnosis", (lang) => {
    const w = DEFAULT_NOTICE_WORDING[lang];
    expect(unknownPlaceholders(w.title + w.body)).toEqual([]);
    // No invented deadline, percentile or count: a figure in a letter must come from the district.
    expect(w.title + w.body + DEFAULT_NOTICE_CONTACT[lang]).not.toMatch(/[0-9%]/);
    expect(w.body).toContain(lang === "en" ? "A flag is not a diagnosis." : "Una alerta no es un diagnóstico.");
    for (const p of ["{student}", "{grade}", "{date}", "{school}", "{contact}"]) expect(w.body).toContain(p);
  });

  it("makes a letter: the title and the paragraphs filled in", () => {
    const letter = noticeLetter(DEFAULT_NOTICE_WORDING.en, FILLS);
    expect(letter.title).toBe("Reading screening: a letter for the family of Ana Díaz");
    expect(letter.paragraphs[0]).toEqual(["Cedar Elementary", "March 11, 2026"]);
    expect(letter.paragraphs[1]).toEqual(["Dear family of Ana Díaz,"]);
    expect(letter.paragraphs.flat().join(" ")).not.toMatch(/[{}]/);
  });
});

describe("FamilyNoticeInput", () => {
  const ok = { title: "About {student}", body: "Dear family of {student}," };
  it.each([
    ["our default in both languages", { contact: null, texts: { en: null, es: null } }, null],
    ["the district's own", { contact: "Ms. Rivera", texts: { en: ok, es: null } }, null],
    [
      "an unknown fill-in, named",
      { contact: null, texts: { en: null, es: { ...ok, body: "Hola {maestra}" } } },
      "texts.es.body: Unknown placeholder {maestra}: use {student}, {grade}, {date}, {school} or {contact}.",
    ],
    ["an empty letter", { contact: null, texts: { en: { ...ok, body: "  " }, es: null } }, "texts.en.body: Write the letter."],
    ["an empty title", { contact: null, texts: { en: { ...ok, title: "" }, es: null } }, "texts.en.title: Write the letter's title."],
    ["a language left out", { contact: null, texts: { en: null } }, "texts.es: "],
  ])("%s", (_, body, error) => {
    const parsed = FamilyNoticeInput.safeParse(body);
    if (error === null) expect(parsed.success).toBe(true);
    else {
      expect(parsed.success).toBe(false);
      const messages = parsed.error!.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
      expect(messages.some((m) => m.startsWith(error))).toBe(true);
    }
  });
});

describe("NoticesSentInput", () => {
  const id = "6f1c1d7e-2b7a-4c55-9a53-2f7b1f0a9c11";
  it("takes each follow-up once", () => {
    expect(NoticesSentInput.parse({ followUpIds: [id, id], on: "2026-03-11", method: "printed" }).followUpIds).toEqual([id]);
  });
  it.each([
    ["no follow-up", { followUpIds: [], on: "2026-03-11", method: "printed" }],
    ["not an id", { followUpIds: ["x"], on: "2026-03-11", method: "printed" }],
    ["not a date", { followUpIds: [id], on: "2026-02-30", method: "printed" }],
    ["an unknown method", { followUpIds: [id], on: "2026-03-11", method: "faxed" }],
  ])("refuses %s", (_, body) => {
    expect(NoticesSentInput.safeParse(body).success).toBe(false);
  });
});

// The family notice letter after a flag (issue 38 item 4): a district's wording per language with
// fill-ins, and the letter it makes for one student. Pure: the wording's defaults live in
// app/i18n/family-notice, the district's own in the database (migration 0020).
//
// A fill-in is written {student}, {grade}, {date}, {school} or {contact}. A brace that should
// print as a brace is doubled ({{ and }}). Anything else between braces that looks like a name
// ({teacher}) is refused, so a typo never reaches a family as '{studnet}'.

export const NOTICE_LANGS = ["en", "es"] as const;
export type NoticeLang = (typeof NOTICE_LANGS)[number];
export const isNoticeLang = (value: unknown): value is NoticeLang =>
  typeof value === "string" && (NOTICE_LANGS as readonly string[]).includes(value);
export const NOTICE_LANG_NAMES: Record<NoticeLang, string> = { en: "English", es: "Español" };

export const NOTICE_PLACEHOLDERS = ["student", "grade", "date", "school", "contact"] as const;
export type NoticePlaceholder = (typeof NOTICE_PLACEHOLDERS)[number];
export type NoticeFills = Record<NoticePlaceholder, string>;

export const NOTICE_PLACEHOLDER_LABELS: Record<NoticePlaceholder, string> = {
  student: "the student's first and last name",
  grade: "the student's grade, in the letter's language",
  date: "the day the letter is printed, in the letter's language",
  school: "the student's school",
  contact: "whom families contact (entered below)",
};

export const NOTICE_MAX = { title: 200, body: 10_000, contact: 500 } as const;

/** `{name}` (a fill-in, known or not), `{{` or `}}` (a literal brace). */
const TOKEN = /\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

const isPlaceholder = (name: string): name is NoticePlaceholder => (NOTICE_PLACEHOLDERS as readonly string[]).includes(name);

/** The names between braces that are not fill-ins, each once, in the order written. */
export function unknownPlaceholders(text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(TOKEN)) {
    const name = match[1];
    if (name !== undefined && !isPlaceholder(name) && !out.includes(name)) out.push(name);
  }
  return out;
}

const placeholderList = () => {
  const names = NOTICE_PLACEHOLDERS.map((p) => `{${p}}`);
  return `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;
};

/** The message for a text with fill-ins we do not know, naming them. */
export function unknownPlaceholderMessage(names: readonly string[]): string {
  const listed = names.map((n) => `{${n}}`).join(", ");
  return `${names.length === 1 ? "Unknown placeholder" : "Unknown placeholders"} ${listed}: use ${placeholderList()}.`;
}

/**
 * The text with its fill-ins replaced, in one pass: a value is never read for fill-ins itself (a
 * school named '{student} Academy' stays so). The result is plain text; pages print it as text,
 * so a value with '<' or '&' is shown as typed, never as markup. An unknown name stays as
 * written (the API refuses such texts before they are stored).
 */
export function fillNotice(text: string, fills: NoticeFills): string {
  return text.replace(TOKEN, (whole, name: string | undefined) => {
    if (whole === "{{") return "{";
    if (whole === "}}") return "}";
    return name !== undefined && isPlaceholder(name) ? fills[name] : whole;
  });
}

/** Paragraphs (split at blank lines), each as its lines; spaces at the ends of lines dropped. */
export function noticeParagraphs(text: string): string[][] {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)
    .map((p) =>
      p
        .split("\n")
        .map((line) => line.trim())
        .filter((line) => line !== ""),
    )
    .filter((lines) => lines.length > 0);
}

export type NoticeWording = { title: string; body: string };

export type NoticeLetterText = { title: string; paragraphs: string[][] };

/** The letter of one student: the wording filled in, the body in paragraphs. */
export function noticeLetter(wording: NoticeWording, fills: NoticeFills): NoticeLetterText {
  return {
    title: fillNotice(wording.title, fills).trim(),
    paragraphs: noticeParagraphs(fillNotice(wording.body, fills)),
  };
}

/** The intents of the notice pages' forms. */
export const NOTICE_INTENTS = {
  save: "notice-save",
  preview: "notice-preview",
  reset: "notice-default",
  markSent: "notice-mark-sent",
} as const;

/** '2 notices' / '1 notice'. */
export const noticesCount = (n: number) => `${n} ${n === 1 ? "notice" : "notices"}`;

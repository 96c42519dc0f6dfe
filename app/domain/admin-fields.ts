import { dayNumber, type IsoDate } from "./calendar-date";

// Input rules of the administration forms (spec 000 §3, §5), shared by the API and the dialogs.
// Email addresses follow the one rule of ./email.ts.

/** '{label} is a required field.' (spec 000 §5). */
export const requiredMessage = (label: string) => `${label} is a required field.`;

export const INVALID_DATE_MESSAGE = "Invalid Date! Please correct the Date of Birth and try again.";
export const INVALID_WEBSITE_MESSAGE = "Please enter a valid website address, such as https://www.example.org.";
/** A value the form's list does not offer (only a hand-made request sends one). */
export const UNKNOWN_STATE_MESSAGE = "Please choose a state from the list.";
export const UNKNOWN_GRADE_MESSAGE = "Please choose a grade from the list.";

/** Student tags (spec 000 §3): stored values and their labels. */
export const STUDENT_TAGS = ["ELL", "IEP", "familyhistory", "exempt"] as const;
export type StudentTag = (typeof STUDENT_TAGS)[number];
export const STUDENT_TAG_LABELS: Record<StudentTag, string> = {
  ELL: "ELL",
  IEP: "IEP",
  familyhistory: "Family History",
  exempt: "Exempt from Assessment",
};

export function isStudentTag(value: unknown): value is StudentTag {
  return typeof value === "string" && (STUDENT_TAGS as readonly string[]).includes(value);
}

/**
 * Tags as the API takes them (comma-joined, or a list): trimmed, empties dropped, duplicates
 * dropped, kept in the catalogue order. `unknown` lists what is not a tag.
 */
export function parseTags(input: string | readonly string[] | null | undefined): { tags: StudentTag[]; unknown: string[] } {
  const parts = (typeof input === "string" ? input.split(",") : [...(input ?? [])]).map((s) => s.trim()).filter(Boolean);
  const unknown = parts.filter((p) => !isStudentTag(p));
  const tags = STUDENT_TAGS.filter((t) => parts.includes(t));
  return { tags, unknown };
}

/**
 * 'MM/dd/yyyy' → 'YYYY-MM-DD', or null when it is not a real calendar date in that format
 * (one-digit month and day are accepted), is before 1900, or is after `today` when given.
 */
export function parseUsDate(input: string, today?: IsoDate): IsoDate | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(input.trim());
  if (!m) return null;
  const iso = `${m[3]}-${m[1]!.padStart(2, "0")}-${m[2]!.padStart(2, "0")}`;
  try {
    const day = dayNumber(iso);
    if (Number(m[3]) < 1900) return null;
    if (today !== undefined && day > dayNumber(today)) return null;
  } catch {
    return null;
  }
  return iso;
}

/**
 * A district website (optional): an http(s) URL with a dotted host; a bare 'example.org' gets
 * 'https://'. Null for anything else.
 */
export function normalizeWebsite(input: string): string | null {
  const text = input.trim();
  if (!text || /\s/.test(text)) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    if (!/^[^.]+(\.[^.]+)+$/.test(url.hostname) || url.username || url.password) return null;
    return withScheme;
  } catch {
    return null;
  }
}

// The role rules the user forms need live in the permission table.
export { roleNeedsSchools, rolesOfferedTo } from "./permissions";

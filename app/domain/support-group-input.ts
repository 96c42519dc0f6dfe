import { z } from "zod";
import { calendarDate, list, text, TEXT_MAX } from "./text";

// The API's bodies for support groups and their sessions (issue 39 item 7), with the messages
// the groups page shows under its fields. Kept apart from the rules so browser code carries no zod.

export const SUPPORT_GROUP_MESSAGES = {
  name: "Enter a name for the group (at most 200 characters).",
  students: "Choose at least one student of this classroom.",
  notInClassroom: "That student is not in this classroom.",
  chooseStudent: "Choose the student to move.",
  minutes: "Enter the minutes as a whole number from 1 to 1440.",
  workedOn: "Write what was worked on (at most 2,000 characters).",
  future: "The date cannot be after today.",
} as const;

/** A session's length: a whole number of minutes within one day (a check of the entry, not a goal). */
export const MINUTES_MAX = 1440;
export const WORKED_ON_MAX = 2000;

/** A letter as the letter tests name it: A–Z, or a digraph of the letter sounds. */
export const LETTER_NAMES = [
  "A",
  "B",
  "C",
  "D",
  "E",
  "F",
  "G",
  "H",
  "I",
  "J",
  "K",
  "L",
  "M",
  "N",
  "O",
  "P",
  "Q",
  "R",
  "S",
  "T",
  "U",
  "V",
  "W",
  "X",
  "Y",
  "Z",
  "CH",
  "SH",
  "TH",
] as const;

const Letters = list(z.enum(LETTER_NAMES), { label: "Letters", max: LETTER_NAMES.length });

export const GroupName = text(TEXT_MAX.name, { label: "Name", trim: true, error: SUPPORT_GROUP_MESSAGES.name }).refine(
  (v) => v.length > 0,
  SUPPORT_GROUP_MESSAGES.name,
);

export const SupportGroupCreate = z.object({
  name: GroupName,
  participantIds: list(z.string().uuid(), { label: "Students" }).min(1, SUPPORT_GROUP_MESSAGES.students),
  letterNames: Letters,
  letterSounds: Letters,
});

export const SupportGroupRename = z.object({ name: GroupName });

export const SupportGroupMove = z.object({ participantId: z.string().uuid(SUPPORT_GROUP_MESSAGES.chooseStudent) });

export const SupportSessionCreate = z.object({
  on: calendarDate("The date"),
  minutes: z
    .number({ error: SUPPORT_GROUP_MESSAGES.minutes })
    .int(SUPPORT_GROUP_MESSAGES.minutes)
    .min(1, SUPPORT_GROUP_MESSAGES.minutes)
    .max(MINUTES_MAX, SUPPORT_GROUP_MESSAGES.minutes),
  workedOn: text(WORKED_ON_MAX, { label: "What was worked on", trim: true, error: SUPPORT_GROUP_MESSAGES.workedOn }).refine(
    (v) => v.length > 0,
    SUPPORT_GROUP_MESSAGES.workedOn,
  ),
});

/** A form's minutes as the API takes them: a whole number when it is one, else the text (refused with the message). */
export function minutesOf(value: string): number | string {
  return /^\s*\d{1,6}\s*$/.test(value) ? Number(value) : value;
}

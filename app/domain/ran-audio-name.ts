import { UUID_PATTERN } from "./uuid";

// The name of a question response's recording (spec 001 §7, Audio):
// {participantId}_{participantTestId}_{questionCode lowercased}.wav, where a 'TEST_' prefix in
// the code is converted to 'test_ran_'. The name is the only thing a player asks for, so it is
// also what the audio endpoint parses back and what decides where the file is stored.

/** Lower-case letters, digits, '_' and '-': no dots, slashes or spaces, so a name is never a path. */
const PART = "[a-z0-9][a-z0-9_-]{0,99}";
const FILE_NAME = new RegExp(`^(${UUID_PATTERN})_(${UUID_PATTERN})_(${PART})\\.wav$`);
const PART_ONLY = new RegExp(`^${PART}$`);

/**
 * The question code as it appears in a file name: lower-cased, with a leading 'TEST_' (any case)
 * read as 'test_ran_'. A code that already starts with 'test_ran_' is left as it is, so the rule
 * gives the same name however often it is applied. Null when the code holds characters a file
 * name may not (anything but letters, digits, '_' and '-'): such a response has no recording.
 */
export function audioQuestionPart(questionCode: string): string | null {
  let part = questionCode.trim().toLowerCase();
  if (part.startsWith("test_") && !part.startsWith("test_ran_")) part = `test_ran_${part.slice("test_".length)}`;
  return PART_ONLY.test(part) ? part : null;
}

/** The recording's file name for a question response, or null when its code cannot name a file. */
export function ranAudioFileName(participantId: string, participantTestId: string, questionCode: string): string | null {
  const part = audioQuestionPart(questionCode);
  if (part === null) return null;
  const name = `${participantId.toLowerCase()}_${participantTestId.toLowerCase()}_${part}.wav`;
  return FILE_NAME.test(name) ? name : null;
}

export interface AudioFileName {
  participantId: string;
  participantTestId: string;
  /** The question code as written in the name (lower-cased, 'test_ran_' for 'TEST_'). */
  questionPart: string;
  fileName: string;
}

/** Reads a requested file name back into its ids; null for anything that is not such a name. */
export function parseAudioFileName(fileName: string): AudioFileName | null {
  const m = FILE_NAME.exec(fileName);
  if (!m) return null;
  return { participantId: m[1]!, participantTestId: m[2]!, questionPart: m[3]!, fileName };
}

/**
 * Where the file store keeps a recording: one folder per student, so a student's recordings
 * can be listed or removed together.
 */
export function audioStorageKey(name: AudioFileName): string {
  return `${audioStorageFolder(name.participantId)}${name.fileName}`;
}

/** The folder of a student's recordings in the file store (ends in '/'). */
export function audioStorageFolder(participantId: string): string {
  return `ran-audio/${participantId}/`;
}

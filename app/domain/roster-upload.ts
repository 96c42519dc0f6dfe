// The rostering page's file rules (spec 001 §5, §9: exactly 1 file, zip type only — application/zip
// or .zip — at most 15,000,000 bytes), read by the page in the browser and by its action; the API
// enforces the same (app/api/resources/rostering.ts, app/api/roster-zip.ts). Pure.

export const ROSTER_ZIP_MAX_BYTES = 15_000_000;

export const ROSTER_FILE_MESSAGES = {
  none: "Choose a zip file to upload.",
  many: "Choose exactly one file.",
  notZip: "Only .zip files can be uploaded.",
  tooLarge: `The file is larger than ${ROSTER_ZIP_MAX_BYTES.toLocaleString("en-US")} bytes.`,
  empty: "The file is empty.",
} as const;

export const UPLOAD_ERROR = (message: string) => `Upload error: ${message}`;
export const NETWORK_ERROR = "Network error. If issue continues, please contact support.";

const ZIP_TYPES = ["application/zip", "application/x-zip-compressed", "application/x-zip"];

/** What is wrong with the chosen files, or null when there is exactly one zip of an allowed size. */
export function rosterFileProblem(files: readonly { name: string; type: string; size: number }[]): string | null {
  const [file, ...others] = files.filter((f) => f.name !== "" || f.size > 0);
  if (!file) return ROSTER_FILE_MESSAGES.none;
  if (others.length > 0) return ROSTER_FILE_MESSAGES.many;
  if (!/\.zip$/i.test(file.name.trim()) && !ZIP_TYPES.includes(file.type)) return ROSTER_FILE_MESSAGES.notZip;
  if (file.size === 0) return ROSTER_FILE_MESSAGES.empty;
  if (file.size > ROSTER_ZIP_MAX_BYTES) return ROSTER_FILE_MESSAGES.tooLarge;
  return null;
}

/** A zip starts with a local file header (PK\x03\x04), or is empty (PK\x05\x06). */
export function looksLikeZip(head: Uint8Array): boolean {
  return head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && ((head[2] === 3 && head[3] === 4) || (head[2] === 5 && head[3] === 6));
}

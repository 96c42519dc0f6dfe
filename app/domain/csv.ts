/**
 * CSV by RFC 4180: fields separated by commas, records by CRLF; a field holding a comma, a
 * double quote, CR or LF is enclosed in double quotes, with inner quotes doubled. A field that
 * a spreadsheet would run as a formula (= + - @ at the start, or a tab/CR) gets a leading
 * apostrophe, so a student named '=HYPERLINK(…)' cannot become a link when a teacher opens it.
 */
export function csvField(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return rows.map((row) => row.map(csvField).join(",")).join("\r\n") + "\r\n";
}

/** Byte order mark so spreadsheet programs read UTF-8 (names with accents) correctly. */
export const UTF8_BOM = "\uFEFF";

/** 'Kindergarten Room 4' → 'kindergarten_room_4' (spec 001 §9 file names: lowercased, underscores). */
export function fileSlug(name: string): string {
  return (
    name
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "_")
      .replace(/^_+|_+$/g, "") || "classroom"
  );
}

/**
 * Counts the records of a CSV read in pieces (a download's chunks, issue 15): a record ends at a
 * line feed outside double quotes, so a quoted field holding a line break is not counted twice,
 * wherever the chunks are cut. `push` answers the records completed so far.
 */
export function csvRecordCounter() {
  let inQuotes = false;
  let records = 0;
  return {
    push(text: string): number {
      for (let i = 0; i < text.length; i++) {
        const ch = text.charCodeAt(i);
        if (ch === 34) inQuotes = !inQuotes;
        else if (ch === 10 && !inQuotes) records++;
      }
      return records;
    },
  };
}

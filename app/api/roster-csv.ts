import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { parse, type Parser } from "csv-parse";
import { CSV_OPTIONS, csvError, tableOf, toRecord, type CsvRecord, type CsvTable, type RowError } from "#app/domain/oneroster";

// Parsing a roster file while it is being unzipped (issue 16). The whole-text parse it replaces
// held each file twice (its text and its records) and blocked the event loop for 5–8 s at
// 100,000 students; here csv-parse takes one inflated chunk at a time, so other requests are
// served between chunks and no file's text is ever held whole. Each record is kept from
// csv-parse's on_record callback rather than read back out of the stream one promise at a time,
// and a file with more rows than the caller allows stops at the first row over (issue 33).

/** A roster file that is not UTF-8: the caller turns this into its message for the uploader. */
export class NotUtf8Error extends Error {}

/** A roster file with more rows than the caller allows: the caller turns this into its message. */
export class TooManyRowsError extends Error {}

/**
 * Parses one CSV file from its bytes. Malformed CSV gives one error for the file, as parseCsv does.
 * Throws TooManyRowsError past `maxRows` rows after the header.
 */
export async function parseCsvStream(file: string, bytes: AsyncIterable<Buffer>, maxRows = Infinity): Promise<CsvTable | RowError> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  async function* text() {
    try {
      for await (const chunk of bytes) yield decoder.decode(chunk, { stream: true });
      const rest = decoder.decode();
      if (rest) yield rest;
    } catch (error) {
      // TextDecoder's only failure here is a byte sequence that is not UTF-8.
      if (error instanceof TypeError) throw new NotUtf8Error(file);
      throw error;
    }
  }
  const records: CsvRecord[] = [];
  const keep = (values: string[], context: { lines: number }) => {
    // The header is the first record; maxRows counts the rows after it.
    if (records.length > maxRows) throw new TooManyRowsError(file);
    records.push(toRecord(values, context));
    return null; // kept here, so the parser passes nothing on
  };
  try {
    await pipeline(
      Readable.from(text(), { objectMode: false }),
      (parse as (options: object) => Parser)({ ...CSV_OPTIONS, on_record: keep }),
      async (source) => {
        for await (const _ of source as AsyncIterable<never>);
      },
    );
  } catch (error) {
    if (error instanceof NotUtf8Error || !isCsvError(error)) throw error;
    return csvError(file, error);
  }
  return tableOf(file, records);
}

/** csv-parse's own refusals carry a CSV_* code; anything else (a zip failure) is the caller's. */
const isCsvError = (error: unknown) =>
  typeof (error as { code?: unknown })?.code === "string" && (error as { code: string }).code.startsWith("CSV_");

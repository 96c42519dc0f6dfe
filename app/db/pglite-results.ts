import { protocol, types, type Results } from "@electric-sql/pglite";
import { first, last } from "#app/domain/presence";

type Parsers = Parameters<typeof types.parseType>[2];

/**
 * The answer of a bound statement (BindComplete, RowDescription or NoData, DataRows,
 * CommandComplete, ReadyForQuery) read from PGlite's raw bytes into the `Results` its own
 * `parseResults` gives, with the same value parsers.
 *
 * Why not PGlite's parser: it copies every field of every row into an ArrayBuffer of its own and
 * decodes that with a TextDecoder, about 1 µs a value plus the garbage. A page of 50 rows is some
 * 400 values, so a list's cost followed its rows (District Schools, 20k ÷ 1k students: PGlite's
 * JavaScript went from 0.96 to 1.66 ms a request, profile of 2026-11-27). Here a value is one
 * slice of one Buffer over the answer.
 *
 * Anything else in the answer (an ErrorResponse above all) goes to PGlite's own parser, so an
 * error is PGlite's DatabaseError, with every field, as before.
 */
export function readResults(bytes: Uint8Array, parsers: Parsers): Results {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let fields: { name: string; dataTypeID: number }[] = [];
  const rows: Record<string, unknown>[] = [];
  let result: Results | null = null;
  let at = 0;
  while (at + 5 <= buf.length) {
    const code = buf[at];
    const end = at + 1 + buf.readInt32BE(at + 1);
    let p = at + 5;
    switch (code) {
      case 0x44: {
        // 'D' DataRow: a count, then each value as a length (-1: null) and its text.
        const n = buf.readInt16BE(p);
        p += 2;
        const row: Record<string, unknown> = {};
        for (let i = 0; i < n; i++) {
          const len = buf.readInt32BE(p);
          p += 4;
          const field = fields[i];
          if (!field) throw new Error(`A DataRow holds more values than its RowDescription's ${fields.length} fields`);
          if (len < 0) row[field.name] = null;
          else {
            row[field.name] = types.parseType(buf.toString("utf8", p, p + len), field.dataTypeID, parsers);
            p += len;
          }
        }
        rows.push(row);
        break;
      }
      case 0x54: {
        // 'T' RowDescription: per field its name, table, column, type, size, modifier and format.
        const n = buf.readInt16BE(p);
        p += 2;
        fields = [];
        for (let i = 0; i < n; i++) {
          const nul = buf.indexOf(0, p);
          const name = buf.toString("utf8", p, nul);
          p = nul + 1;
          fields.push({ name, dataTypeID: buf.readInt32BE(p + 6) });
          p += 18;
        }
        break;
      }
      case 0x43: {
        // 'C' CommandComplete: its tag, e.g. "SELECT 50" or "INSERT 0 1".
        const tag = buf.toString("utf8", p, end - 1).split(" ");
        const command = first(tag, "a command");
        const count = parseInt(last(tag, "a count"), 10);
        const affected = ["INSERT", "UPDATE", "DELETE", "COPY", "MERGE"].includes(command) ? count : 0;
        result = { rows, fields, command, affectedRows: affected, ...(Number.isNaN(count) ? {} : { rowCount: count }) } as Results;
        break;
      }
      case 0x49: // 'I' EmptyQueryResponse: no rows, no command
        result = { rows: [], fields: [], affectedRows: 0 } as Results;
        break;
      case 0x32: // '2' BindComplete
      case 0x6e: // 'n' NoData
      case 0x5a: // 'Z' ReadyForQuery
      case 0x4e: // 'N' NoticeResponse: PGlite's execProtocol drops notices too
      case 0x53: // 'S' ParameterStatus
        break;
      default:
        throw pgliteError(bytes);
    }
    at = end;
  }
  // An answer cut short must not read as "no rows".
  if (!result) throw new Error("PGlite's answer ended before the statement completed");
  return result;
}

/** The answer as PGlite reads it: its DatabaseError when it holds one. */
function pgliteError(bytes: Uint8Array): Error {
  let error: Error | null = null;
  new protocol.Parser().parse(bytes, (message) => {
    if (!error && message instanceof Error) error = message;
  });
  return error ?? new Error("PGlite answered a message this driver does not read");
}

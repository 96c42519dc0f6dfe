import { type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createInflateRaw } from "node:zlib";
import yauzl, { type Entry, type ZipFile, type ZipFileOptions } from "yauzl";
import { KNOWN_FILES, type CsvTable, type RowError } from "#app/domain/oneroster";
import { ApiError } from "./errors";
import { NotUtf8Error, parseCsvStream, TooManyRowsError } from "./roster-csv";

// Opening an uploaded roster zip safely (issue 16). yauzl reads the central directory, refuses
// absolute paths, '..' and backslashes in names, and checks while inflating that no entry grows
// past the size its header declares; on top of that the caps below refuse a zip bomb before a
// byte is inflated (total and per-file declared sizes, compression ratio), nested zips, and text
// that is not UTF-8 (a BOM and CRLF line ends are fine). Every refusal is a RosterZipError with a
// message for the uploader.
//
// Issue 33: a 5.8 MB zip passed the caps of the time (15 MB zipped, 400 MB declared, 100:1) with
// 34 M empty rows in users.csv, 380 MB unpacked; every row became a record in memory before
// anything was counted, and the server process died at 4.7 GB. So the roster files are now read
// twice: a first pass inflates each one and only counts its bytes and rows (holding nothing), and
// refuses past the caps below; only then does a second pass parse them (roster-csv.ts). Inflating
// is cheap beside parsing (about 0.1 s for the bench's 22 MB), so a bomb is refused in well under
// a second whatever its shape, and an export within the caps is parsed knowing its size. And one
// roster is read at a time per server process (a short queue, then 429), so simultaneous uploads
// cannot add their reads' memory together.

/** The largest zip accepted (spec 001 §9: roster zip maximum 15,000,000 bytes). */
export const MAX_ZIP_BYTES = 15_000_000;
/**
 * The most rows (lines after the header, empty ones included) one roster file may hold. The
 * bench's district of 100,000 students has 205,000 enrollments (its largest file) and 102,500
 * users: this is 2.4 times that, room for a district of about 250,000 students with two classes
 * each, while one file at the cap parses in a few seconds and a few hundred MB.
 */
export const MAX_ROSTER_ROWS = 500_000;
/** The most rows all roster files may hold together: 2.4 times the bench's 413,000 (users, enrollments, demographics, classes…). */
export const MAX_ROSTER_TOTAL_ROWS = 1_000_000;
/** The most one roster file may unpack to: 100 bytes for each of MAX_ROSTER_ROWS rows (the bench's rows are 55–80 bytes). */
export const MAX_ROSTER_FILE_BYTES = 50_000_000;
/**
 * The most all entries together may declare they unpack to: what MAX_ROSTER_TOTAL_ROWS rows of
 * 100 bytes make (the bench's whole export is 22 MB). It was 400 MB, which let the issue 33 bomb in.
 */
export const MAX_UNCOMPRESSED_BYTES = 100_000_000;
/** The most one entry may inflate to, per byte stored, once it is over RATIO_FLOOR_BYTES. */
export const MAX_RATIO = 100;
const RATIO_FLOOR_BYTES = 1_000_000;
export const MAX_ENTRIES = 100;
/**
 * Roster reads under way at once in one server process. A read at the caps holds a few hundred
 * MB while it parses; one at a time keeps that the most any burst of uploads can hold (a legitimate
 * district-sized read takes about 5 s, so the wait is short).
 */
export const MAX_ROSTER_READS_AT_ONCE = 1;
/** Uploads that may wait for their turn to be read; past this the upload is refused at once (429). */
export const MAX_ROSTER_READS_WAITING = 3;
/** How long an upload waits for its turn before it is refused (429): a few reads at the caps. */
export const ROSTER_READ_WAIT_MS = 60_000;

export class RosterZipError extends Error {}

export const ZIP_MESSAGES = {
  tooLarge: `The file is larger than ${MAX_ZIP_BYTES.toLocaleString("en-US")} bytes.`,
  notZip: "The file is not a zip file.",
  tooManyEntries: `The zip holds more than ${MAX_ENTRIES} files.`,
  outsideRoot: (name: string) => `The zip holds a path outside its root folder: ${name}`,
  nested: (name: string) => `The zip holds another zip (${name}): put the roster files directly in one zip.`,
  bomb: `The zip would unpack to more than ${MAX_UNCOMPRESSED_BYTES.toLocaleString("en-US")} bytes.`,
  ratio: (name: string) => `${name} is compressed more than ${MAX_RATIO} to 1, which a roster file never is.`,
  encrypted: (name: string) => `${name} is encrypted: upload a zip without a password.`,
  notUtf8: (name: string) => `${name} is not UTF-8 text: save it as CSV UTF-8.`,
  twice: (name: string) => `The zip holds ${name} more than once.`,
  fileTooLarge: (name: string) =>
    `${name} unpacks to more than ${MAX_ROSTER_FILE_BYTES.toLocaleString("en-US")} bytes, more than any roster file needs: check that it is the right file.`,
  tooManyRows: (name: string) =>
    `${name} has more than ${MAX_ROSTER_ROWS.toLocaleString("en-US")} rows (empty rows count too), more than any district's roster needs: remove the empty rows, or check that it is the right file.`,
  tooManyRowsTotal: `The roster files hold more than ${MAX_ROSTER_TOTAL_ROWS.toLocaleString("en-US")} rows together, more than any district's roster needs.`,
  busy: "The server is reading other roster files right now. Please try again in a minute.",
  damaged: "The zip file is damaged and cannot be read.",
} as const;

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

const openZip = (buffer: Buffer) =>
  new Promise<ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true, strictFileNames: true, autoClose: false }, (err, zip) =>
      err ? reject(err) : resolve(zip),
    ),
  );

const openEntry = (zip: ZipFile, entry: Entry, options: ZipFileOptions = {}) =>
  new Promise<Readable>((resolve, reject) => zip.openReadStream(entry, options, (err, stream) => (err ? reject(err) : resolve(stream))));

/**
 * The chunk the first pass inflates at a time. yauzl inflates 16 KB at a time, and each chunk
 * waits its turn behind the other requests' work: 16 KB chunks made counting a 5.5 MB file take
 * 6 s beside a busy page; at 256 KB a chunk's count takes about a millisecond.
 */
const COUNT_CHUNK_BYTES = 256 * 1024;

/** An entry's inflated bytes in COUNT_CHUNK_BYTES chunks, for the first pass (sizes are checked by the caller). */
async function inflatedForCount(zip: ZipFile, entry: Entry): Promise<Readable> {
  const raw = await openEntry(zip, entry, { decodeFileData: false });
  if (entry.compressionMethod === 0) return raw;
  if (entry.compressionMethod !== 8) throw new RosterZipError(ZIP_MESSAGES.damaged);
  const inflate = createInflateRaw({ chunkSize: COUNT_CHUNK_BYTES });
  // A failure of either stream ends `inflate` with the error, which its reader sees.
  pipeline(raw, inflate).catch(() => {});
  return inflate;
}

/** Maps yauzl's refusals to the uploader's words. */
function refusal(error: unknown): RosterZipError {
  if (error instanceof RosterZipError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const path = /^(?:absolute path|invalid relative path|invalid characters in fileName): (.*)$/.exec(message);
  if (path) return new RosterZipError(ZIP_MESSAGES.outsideRoot(path[1]!));
  if (/end of central directory record signature not found/i.test(message)) return new RosterZipError(ZIP_MESSAGES.notZip);
  // An entry inflating past the size its header declared: a bomb hiding its size.
  if (/too many bytes in the stream/.test(message)) return new RosterZipError(ZIP_MESSAGES.bomb);
  return new RosterZipError(ZIP_MESSAGES.damaged);
}

/** Ignored entries: folders and the clutter of archivers (macOS resource forks, Finder files). */
const ignored = (name: string) => name.endsWith("/") || name.startsWith("__MACOSX/") || /(^|\/)\.DS_Store$/.test(name);

// One roster read at a time per process (MAX_ROSTER_READS_AT_ONCE), a few waiting in turn.
let reading = 0;
const waiting: (() => void)[] = [];

/** Waits for a turn to read a roster; answers the function that ends it. Refuses (429) when the queue is full or the wait too long. */
async function takeTurn(): Promise<() => void> {
  if (reading < MAX_ROSTER_READS_AT_ONCE) reading++;
  else {
    if (waiting.length >= MAX_ROSTER_READS_WAITING) throw new ApiError(429, ZIP_MESSAGES.busy);
    await new Promise<void>((resolve, reject) => {
      const go = () => {
        clearTimeout(timer);
        resolve(); // the turn passes from the read that ended, so `reading` stays as it is
      };
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(go), 1);
        reject(new ApiError(429, ZIP_MESSAGES.busy));
      }, ROSTER_READ_WAIT_MS);
      waiting.push(go);
    });
  }
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    const next = waiting.shift();
    if (next) next();
    else reading--;
  };
}

/** How many times `byte` occurs in `chunk`, counting no further than `max` (so a flood costs no more than the cap). */
function countByte(chunk: Buffer, byte: number, max: number): number {
  let n = 0;
  for (let i = chunk.indexOf(byte); i !== -1 && n <= max; i = chunk.indexOf(byte, i + 1)) n++;
  return n;
}
const LF = 0x0a;
const CR = 0x0d;

/**
 * The OneRoster files of a zip, parsed as they inflate (name → table or the file's CSV error, by
 * the entry's base name, so one wrapping folder is fine). Throws RosterZipError for anything
 * unsafe, unreadable or larger than a district's roster, and ApiError 429 when other rosters are
 * being read and the queue is full.
 */
export async function readRosterZip(buffer: Buffer): Promise<Map<string, CsvTable | RowError>> {
  if (buffer.length > MAX_ZIP_BYTES) throw new RosterZipError(ZIP_MESSAGES.tooLarge);
  const endTurn = await takeTurn();
  try {
    return await readTurn(buffer);
  } finally {
    endTurn();
  }
}

async function readTurn(buffer: Buffer): Promise<Map<string, CsvTable | RowError>> {
  let zip: ZipFile;
  try {
    zip = await openZip(buffer);
  } catch (error) {
    throw refusal(error);
  }
  try {
    if (zip.entryCount > MAX_ENTRIES) throw new RosterZipError(ZIP_MESSAGES.tooManyEntries);
    const roster = await countEntries(zip);
    const files = new Map<string, CsvTable | RowError>();
    for (const { entry, base } of roster) {
      const stream = await openEntry(zip, entry);
      try {
        files.set(base, await parseCsvStream(base, stream, MAX_ROSTER_ROWS));
      } catch (error) {
        if (error instanceof NotUtf8Error) throw new RosterZipError(ZIP_MESSAGES.notUtf8(entry.fileName));
        // The first pass counted line ends; a file whose rows end in something else is stopped here.
        if (error instanceof TooManyRowsError) throw new RosterZipError(ZIP_MESSAGES.tooManyRows(entry.fileName));
        throw error;
      }
    }
    return files;
  } catch (error) {
    throw refusal(error);
  } finally {
    zip.close();
  }
}

/**
 * The first pass: every entry's header is checked, and every roster file inflated once to count
 * its bytes and rows without keeping any of it. Answers the roster files to parse, in zip order.
 */
async function countEntries(zip: ZipFile): Promise<{ entry: Entry; base: string }[]> {
  const roster: { entry: Entry; base: string }[] = [];
  const seen = new Set<string>();
  let declaredTotal = 0;
  let rowsTotal = 0;
  await new Promise<void>((resolve, reject) => {
    zip.on("error", reject);
    zip.on("end", () => resolve());
    zip.on("entry", (entry: Entry) => {
      void (async () => {
        const name = entry.fileName;
        if (ignored(name)) return zip.readEntry();
        const base = name.split("/").pop()!;
        if (/\.zip$/i.test(base)) throw new RosterZipError(ZIP_MESSAGES.nested(name));
        if (entry.isEncrypted()) throw new RosterZipError(ZIP_MESSAGES.encrypted(name));
        const known = KNOWN_FILES.includes(base);
        if (known && entry.uncompressedSize > MAX_ROSTER_FILE_BYTES) throw new RosterZipError(ZIP_MESSAGES.fileTooLarge(name));
        declaredTotal += entry.uncompressedSize;
        if (declaredTotal > MAX_UNCOMPRESSED_BYTES) throw new RosterZipError(ZIP_MESSAGES.bomb);
        if (entry.uncompressedSize > RATIO_FLOOR_BYTES && entry.uncompressedSize > MAX_RATIO * Math.max(entry.compressedSize, 1)) {
          throw new RosterZipError(ZIP_MESSAGES.ratio(name));
        }
        const stream = await inflatedForCount(zip, entry);
        let size = 0;
        // Line ends: LF, or CR alone (old Mac files); CRLF counts once since the larger count is kept.
        let lf = 0;
        let cr = 0;
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          // A nested zip is refused whatever its name, so every entry's first bytes are looked at.
          if (size === 0 && chunk.subarray(0, 4).equals(ZIP_MAGIC)) throw new RosterZipError(ZIP_MESSAGES.nested(name));
          size += chunk.length;
          // Other files are read only far enough to know they are not zips.
          if (!known) break;
          // Inflating past the size its header declared: a bomb hiding its size.
          if (size > entry.uncompressedSize) throw new RosterZipError(ZIP_MESSAGES.bomb);
          if (size > MAX_ROSTER_FILE_BYTES) throw new RosterZipError(ZIP_MESSAGES.fileTooLarge(name));
          lf += countByte(chunk, LF, MAX_ROSTER_ROWS + 1);
          cr += countByte(chunk, CR, MAX_ROSTER_ROWS + 1);
          // The header's line end is not a row; a last row without one is left to the parser's count.
          if (Math.max(lf, cr) - 1 > MAX_ROSTER_ROWS) throw new RosterZipError(ZIP_MESSAGES.tooManyRows(name));
        }
        if (!known) {
          stream.destroy();
          return zip.readEntry();
        }
        if (size !== entry.uncompressedSize) throw new RosterZipError(ZIP_MESSAGES.damaged);
        if (seen.has(base)) throw new RosterZipError(ZIP_MESSAGES.twice(base));
        seen.add(base);
        rowsTotal += Math.max(0, Math.max(lf, cr) - 1);
        if (rowsTotal > MAX_ROSTER_TOTAL_ROWS) throw new RosterZipError(ZIP_MESSAGES.tooManyRowsTotal);
        roster.push({ entry, base });
        zip.readEntry();
      })().catch(reject);
    });
    zip.readEntry();
  });
  return roster;
}

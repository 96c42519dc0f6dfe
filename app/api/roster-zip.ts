import yauzl, { type Entry, type ZipFile } from "yauzl";
import { KNOWN_FILES, type CsvTable, type RowError } from "#app/domain/oneroster";
import { NotUtf8Error, parseCsvStream } from "./roster-csv";

// Opening an uploaded roster zip safely (issue 16). yauzl reads the central directory, refuses
// absolute paths, '..' and backslashes in names, and checks while inflating that no entry grows
// past the size its header declares; on top of that the caps below refuse a zip bomb before a
// byte is inflated (total declared size and compression ratio), nested zips, and text that is not
// UTF-8 (a BOM and CRLF line ends are fine). Entries are streamed one at a time; only the
// OneRoster files are decoded, and they are parsed as they inflate (roster-csv.ts). Every
// refusal is a RosterZipError with a message for the uploader.

/** The largest zip accepted (spec 001 §9: roster zip maximum 15,000,000 bytes). */
export const MAX_ZIP_BYTES = 15_000_000;
/** The most all entries together may inflate to. */
export const MAX_UNCOMPRESSED_BYTES = 400_000_000;
/** The most one entry may inflate to, per byte stored, once it is over RATIO_FLOOR_BYTES. */
export const MAX_RATIO = 100;
const RATIO_FLOOR_BYTES = 1_000_000;
export const MAX_ENTRIES = 100;

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
  damaged: "The zip file is damaged and cannot be read.",
} as const;

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

const openZip = (buffer: Buffer) =>
  new Promise<ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true, strictFileNames: true, autoClose: true }, (err, zip) =>
      err ? reject(err) : resolve(zip),
    ),
  );

const openEntry = (zip: ZipFile, entry: Entry) =>
  new Promise<NodeJS.ReadableStream>((resolve, reject) =>
    zip.openReadStream(entry, (err, stream) => (err ? reject(err) : resolve(stream))),
  );

/** Maps yauzl's refusals to the uploader's words. */
function refusal(error: unknown): RosterZipError {
  if (error instanceof RosterZipError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const path = /^(?:absolute path|invalid relative path|invalid characters in fileName): (.*)$/.exec(message);
  if (path) return new RosterZipError(ZIP_MESSAGES.outsideRoot(path[1]));
  if (/end of central directory record signature not found/i.test(message)) return new RosterZipError(ZIP_MESSAGES.notZip);
  // An entry inflating past the size its header declared: a bomb hiding its size.
  if (/too many bytes in the stream/.test(message)) return new RosterZipError(ZIP_MESSAGES.bomb);
  return new RosterZipError(ZIP_MESSAGES.damaged);
}

/** Ignored entries: folders and the clutter of archivers (macOS resource forks, Finder files). */
const ignored = (name: string) => name.endsWith("/") || name.startsWith("__MACOSX/") || /(^|\/)\.DS_Store$/.test(name);

/**
 * The OneRoster files of a zip, parsed as they inflate (name → table or the file's CSV error, by
 * the entry's base name, so one wrapping folder is fine). Throws RosterZipError for anything
 * unsafe or unreadable.
 */
export async function readRosterZip(buffer: Buffer): Promise<Map<string, CsvTable | RowError>> {
  if (buffer.length > MAX_ZIP_BYTES) throw new RosterZipError(ZIP_MESSAGES.tooLarge);
  let zip: ZipFile;
  try {
    zip = await openZip(buffer);
  } catch (error) {
    throw refusal(error);
  }
  if (zip.entryCount > MAX_ENTRIES) {
    zip.close();
    throw new RosterZipError(ZIP_MESSAGES.tooManyEntries);
  }
  const files = new Map<string, CsvTable | RowError>();
  let declaredTotal = 0;

  try {
    await new Promise<void>((resolve, reject) => {
      const fail = (error: unknown) => {
        zip.close();
        reject(refusal(error));
      };
      zip.on("error", fail);
      zip.on("end", () => resolve());
      zip.on("entry", (entry: Entry) => {
        void (async () => {
          const name = entry.fileName;
          if (ignored(name)) return zip.readEntry();
          const base = name.split("/").pop()!;
          if (/\.zip$/i.test(base)) throw new RosterZipError(ZIP_MESSAGES.nested(name));
          if (entry.isEncrypted()) throw new RosterZipError(ZIP_MESSAGES.encrypted(name));
          declaredTotal += entry.uncompressedSize;
          if (declaredTotal > MAX_UNCOMPRESSED_BYTES) throw new RosterZipError(ZIP_MESSAGES.bomb);
          if (entry.uncompressedSize > RATIO_FLOOR_BYTES && entry.uncompressedSize > MAX_RATIO * Math.max(entry.compressedSize, 1)) {
            throw new RosterZipError(ZIP_MESSAGES.ratio(name));
          }
          const known = KNOWN_FILES.includes(base);
          const stream = await openEntry(zip, entry);
          let size = 0;
          // A nested zip is refused whatever its name, so every entry's first bytes are looked at.
          async function* checked() {
            for await (const chunk of stream as AsyncIterable<Buffer>) {
              if (size === 0 && chunk.subarray(0, 4).equals(ZIP_MAGIC)) throw new RosterZipError(ZIP_MESSAGES.nested(name));
              size += chunk.length;
              yield chunk;
            }
          }
          if (known) {
            try {
              const table = await parseCsvStream(base, checked());
              if (files.has(base)) throw new RosterZipError(ZIP_MESSAGES.twice(base));
              files.set(base, table);
            } catch (error) {
              throw error instanceof NotUtf8Error ? new RosterZipError(ZIP_MESSAGES.notUtf8(name)) : error;
            }
          } else {
            // Other files are read only far enough to know they are not zips.
            for await (const _ of checked()) if (size >= 4) break;
            if ("destroy" in stream) (stream as { destroy(): void }).destroy();
          }
          zip.readEntry();
        })().catch(fail);
      });
      zip.readEntry();
    });
  } catch (error) {
    throw refusal(error);
  }
  return files;
}

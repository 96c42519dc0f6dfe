import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { constants } from "node:fs";
import { copyFile, mkdir, readdir, readFile, realpath, rename, rm, rmdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { dataDir } from "./config.server";

// Stored files (RAN recordings, roster uploads) behind one small interface (DESIGN: "the
// storage interface is one module, so an S3-compatible store can replace it"). Keys are
// slash-separated names, never paths: a key that could leave the store is refused before any
// file system call.

export interface StoredFileInfo {
  size: number;
  /** Last change, for caches and validators (ETag, Last-Modified). */
  mtimeMs: number;
}

export interface FileStore {
  /** Stores bytes or a stream under the key, replacing what was there; readers never see half a file. */
  put(key: string, data: Uint8Array | Readable): Promise<StoredFileInfo>;
  /** Stores a copy of a local file (the demo seed's recordings). */
  putFile(key: string, localPath: string): Promise<StoredFileInfo>;
  /** Size and change time, or null when nothing is stored under the key. */
  stat(key: string): Promise<StoredFileInfo | null>;
  /** The bytes from `start` to `end` inclusive (the whole file by default), as a stream. */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  readAll(key: string): Promise<Uint8Array>;
  /** Removes the file under the key; nothing there is not an error. */
  delete(key: string): Promise<void>;
  /** Every key under a folder (`prefix` ends in '/'), in no set order; none when the folder is missing. */
  list(prefix: string): Promise<string[]>;
  /** Removes every key under a folder (`prefix` ends in '/'). */
  deleteFolder(prefix: string): Promise<void>;
}

export class InvalidKeyError extends Error {
  constructor(key: string) {
    super(`Invalid file store key: ${JSON.stringify(key.slice(0, 200))}`);
  }
}

export class FileNotFoundError extends Error {
  constructor(key: string) {
    super(`No stored file under ${key}`);
  }
}

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,254}$/;
const MAX_KEY = 1024;

/**
 * A key is 1 to 32 segments joined by '/', each of letters, digits, '.', '_' and '-', not
 * starting with a dot: so no '..', no absolute path, no backslash, no NUL, no hidden file (the
 * store's own temporary files start with a dot).
 */
export function isValidKey(key: string): boolean {
  if (typeof key !== "string" || key.length === 0 || key.length > MAX_KEY) return false;
  const segments = key.split("/");
  return segments.length <= 32 && segments.every((s) => SEGMENT.test(s));
}

const isMissing = (e: unknown) => (e as NodeJS.ErrnoException)?.code === "ENOENT" || (e as NodeJS.ErrnoException)?.code === "ENOTDIR";

/** A store in a local directory. */
export function localFileStore(root: string): FileStore {
  const base = path.resolve(root);

  function pathOf(key: string): string {
    if (!isValidKey(key)) throw new InvalidKeyError(key);
    const full = path.resolve(base, ...key.split("/"));
    // The key rule already keeps it inside; this is the second lock on the same door.
    const rel = path.relative(base, full);
    if (rel === "" || rel.startsWith("..") || path.isAbsolute(rel)) throw new InvalidKeyError(key);
    return full;
  }

  function folderOf(prefix: string): string {
    if (!prefix.endsWith("/") || !isValidKey(prefix.slice(0, -1))) throw new InvalidKeyError(prefix);
    return pathOf(prefix.slice(0, -1));
  }

  /** The file to read, refusing one that resolves (through a link planted in the folder) outside the store. */
  async function existingPathOf(key: string): Promise<string> {
    const full = pathOf(key);
    let real: string;
    try {
      real = await realpath(full);
    } catch (e) {
      if (isMissing(e)) throw new FileNotFoundError(key);
      throw e;
    }
    const realBase = await realpath(base);
    const rel = path.relative(realBase, real);
    if (rel === "" || rel.startsWith("..") || path.isAbsolute(rel)) throw new InvalidKeyError(key);
    return real;
  }

  async function atomically(key: string, write: (tmp: string) => Promise<void>): Promise<StoredFileInfo> {
    const full = pathOf(key);
    await mkdir(path.dirname(full), { recursive: true });
    const tmp = path.join(path.dirname(full), `.${path.basename(full)}.${randomBytes(6).toString("hex")}.tmp`);
    try {
      await write(tmp);
      await rename(tmp, full);
    } catch (e) {
      await rm(tmp, { force: true });
      throw e;
    }
    const s = await stat(full);
    return { size: s.size, mtimeMs: s.mtimeMs };
  }

  return {
    put: (key, data) =>
      atomically(key, async (tmp) => {
        if (data instanceof Uint8Array) await writeFile(tmp, data, { flag: "wx" });
        else await pipeline(data, createWriteStream(tmp, { flags: "wx" }));
      }),

    // A copy-on-write clone where the file system has them (btrfs, XFS), a plain copy elsewhere.
    putFile: (key, localPath) => atomically(key, (tmp) => copyFile(localPath, tmp, constants.COPYFILE_FICLONE)),

    async stat(key) {
      try {
        const s = await stat(await existingPathOf(key));
        return s.isFile() ? { size: s.size, mtimeMs: s.mtimeMs } : null;
      } catch (e) {
        if (e instanceof FileNotFoundError || isMissing(e)) return null;
        throw e;
      }
    },

    async read(key, range) {
      const full = await existingPathOf(key);
      const stream = createReadStream(full, range ? { start: range.start, end: range.end } : {});
      // Open before answering, so a file removed in between fails here and not mid-response.
      await new Promise<void>((resolve, reject) => {
        stream.once("open", () => resolve());
        stream.once("error", (e) => reject(isMissing(e) ? new FileNotFoundError(key) : e));
      });
      return stream;
    },

    async readAll(key) {
      try {
        return new Uint8Array(await readFile(await existingPathOf(key)));
      } catch (e) {
        if (isMissing(e)) throw new FileNotFoundError(key);
        throw e;
      }
    },

    async delete(key) {
      const full = pathOf(key);
      await rm(full, { force: true });
      // Folders emptied by the removal go too, so a store of many students' folders stays listable.
      for (let dir = path.dirname(full); dir !== base && dir.startsWith(base); dir = path.dirname(dir)) {
        try {
          await rmdir(dir);
        } catch {
          break; // not empty, or already gone
        }
      }
    },

    async deleteFolder(prefix) {
      await rm(folderOf(prefix), { recursive: true, force: true });
    },

    async list(prefix) {
      const dir = folderOf(prefix);
      let entries;
      try {
        entries = await readdir(dir, { recursive: true, withFileTypes: true });
      } catch (e) {
        if (isMissing(e)) return [];
        throw e;
      }
      return entries
        .filter((e) => e.isFile())
        .map((e) =>
          path
            .relative(base, path.join(e.parentPath ?? e.path, e.name))
            .split(path.sep)
            .join("/"),
        )
        .filter(isValidKey); // leaves out the temporary files of writes under way
    },
  };
}

/** The app's store: `$DATA_DIR/files`, read when called so a test's temporary DATA_DIR applies. */
export function fileStore(): FileStore {
  return localFileStore(filesDir());
}

export const filesDir = () => path.join(dataDir(), "files");

import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { FileNotFoundError, InvalidKeyError, isValidKey, localFileStore } from "./file-store.server";

const top = mkdtempSync(path.join(tmpdir(), "file-store-"));
const root = path.join(top, "files");
const store = localFileStore(root);
afterAll(() => rmSync(top, { recursive: true, force: true }));

const text = async (r: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of r) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString();
};

describe("isValidKey", () => {
  it.each([
    ["ran-audio/abc/x_y-z.wav", true],
    ["a", true],
    ["a/b/c.d.e", true],
    ["", false],
    ["../x", false],
    ["a/../../x", false],
    ["a/./b", false],
    ["..", false],
    ["/etc/passwd", false],
    ["a//b", false],
    ["a/", false],
    ["a\\b", false],
    ["C:/x", false],
    ["a\0b", false],
    [".hidden", false],
    ["a/.tmp", false],
    ["a b", false],
    ["x".repeat(256), false],
    [Array(33).fill("a").join("/"), false],
  ])("%j → %s", (key, ok) => {
    expect(isValidKey(key)).toBe(ok);
  });
});

describe("localFileStore", () => {
  it("puts, stats, reads whole and in part, and deletes", async () => {
    const info = await store.put("a/b/hello.txt", new TextEncoder().encode("hello, world"));
    expect(info.size).toBe(12);
    expect(await store.stat("a/b/hello.txt")).toMatchObject({ size: 12 });
    expect(await text(await store.read("a/b/hello.txt"))).toBe("hello, world");
    expect(await text(await store.read("a/b/hello.txt", { start: 7, end: 11 }))).toBe("world");
    expect(Buffer.from(await store.readAll("a/b/hello.txt")).toString()).toBe("hello, world");
    await store.delete("a/b/hello.txt");
    expect(await store.stat("a/b/hello.txt")).toBeNull();
  });

  it("stores a stream and a local file, replacing what was there and leaving no temporary file", async () => {
    await store.put("s/one.txt", Readable.from([Buffer.from("first ")]));
    await store.put("s/one.txt", Readable.from([Buffer.from("second "), Buffer.from("version")]));
    expect(await text(await store.read("s/one.txt"))).toBe("second version");
    const local = path.join(top, "local.txt");
    writeFileSync(local, "from disk");
    expect((await store.putFile("s/two.txt", local)).size).toBe(9);
    expect(Buffer.from(await store.readAll("s/two.txt")).toString()).toBe("from disk");
    expect(readdirSync(path.join(root, "s")).sort()).toEqual(["one.txt", "two.txt"]);
  });

  it("answers null or FileNotFoundError for what is not there", async () => {
    expect(await store.stat("nothing/here.wav")).toBeNull();
    await expect(store.read("nothing/here.wav")).rejects.toBeInstanceOf(FileNotFoundError);
    await expect(store.readAll("nothing/here.wav")).rejects.toBeInstanceOf(FileNotFoundError);
  });

  it("lists the keys under a folder, and removes folders a delete empties", async () => {
    await store.put("l/x/one.wav", new Uint8Array([1]));
    await store.put("l/x/two.wav", new Uint8Array([2]));
    await store.put("l/y/three.wav", new Uint8Array([3]));
    expect((await store.list("l/")).sort()).toEqual(["l/x/one.wav", "l/x/two.wav", "l/y/three.wav"]);
    expect(await store.list("l/x/")).toHaveLength(2);
    expect(await store.list("nothing/")).toEqual([]);
    await store.delete("l/y/three.wav");
    expect(readdirSync(path.join(root, "l"))).toEqual(["x"]);
    await store.delete("l/x/one.wav");
    expect(readdirSync(path.join(root, "l"))).toEqual(["x"]);
    expect(readdirSync(root)).toContain("l");
    await store.deleteFolder("l/");
    expect(readdirSync(root)).not.toContain("l");
    await store.deleteFolder("l/");
  });

  it.each(["l", "../", "/", "a/../", ""])("refuses to list or remove the folder %j", async (prefix) => {
    await expect(store.list(prefix)).rejects.toBeInstanceOf(InvalidKeyError);
    await expect(store.deleteFolder(prefix)).rejects.toBeInstanceOf(InvalidKeyError);
  });

  it("treats a folder as no file", async () => {
    await store.put("dir/inside.txt", new Uint8Array([1]));
    expect(await store.stat("dir")).toBeNull();
  });

  it.each(["../outside.txt", "/etc/passwd", "a/../../outside.txt", "a\0b"])("refuses the key %j before touching the disk", async (key) => {
    await expect(store.put(key, new Uint8Array([1]))).rejects.toBeInstanceOf(InvalidKeyError);
    await expect(store.stat(key)).rejects.toBeInstanceOf(InvalidKeyError);
    await expect(store.read(key)).rejects.toBeInstanceOf(InvalidKeyError);
    expect(readdirSync(top)).not.toContain("outside.txt");
  });

  it("will not follow a link planted in the store to a file outside it", async () => {
    writeFileSync(path.join(top, "secret.txt"), "outside");
    mkdirSync(path.join(root, "linked"), { recursive: true });
    symlinkSync(path.join(top, "secret.txt"), path.join(root, "linked", "secret.txt"));
    await expect(store.read("linked/secret.txt")).rejects.toBeInstanceOf(InvalidKeyError);
    await expect(store.readAll("linked/secret.txt")).rejects.toBeInstanceOf(InvalidKeyError);
  });
});

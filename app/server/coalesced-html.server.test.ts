import { describe, expect, it } from "vitest";
import { CoalescedHtml } from "./coalesced-html.server";

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

async function piecesOf(write: (s: CoalescedHtml) => Promise<void>) {
  const stream = new CoalescedHtml();
  const pieces: string[] = [];
  stream.on("data", (b: Buffer) => pieces.push(b.toString()));
  const ended = new Promise((resolve) => stream.on("end", resolve));
  await write(stream);
  stream.end();
  await ended;
  return pieces;
}

describe("CoalescedHtml", () => {
  it("sends the pieces written in one turn as one, in order", async () => {
    const pieces = await piecesOf(async (s) => {
      for (const p of ["<html>", "<body>", "x".repeat(2048), "</body>"]) s.write(Buffer.from(p));
      await nextTurn();
    });
    expect(pieces).toEqual([`<html><body>${"x".repeat(2048)}</body>`]);
  });

  it("sends a piece written in a later turn on its own, and what is left at the end", async () => {
    const pieces = await piecesOf(async (s) => {
      s.write(Buffer.from("shell"));
      await nextTurn();
      await nextTurn();
      s.write(Buffer.from("data-1"));
      s.write(Buffer.from("data-2"));
      await nextTurn();
      await nextTurn();
      s.write(Buffer.from("tail"));
    });
    expect(pieces).toEqual(["shell", "data-1data-2", "tail"]);
  });

  it("keeps every byte of a multi-byte character split across pieces", async () => {
    const text = Buffer.from("Zoë Okafor – 1–50 of 4,200");
    const pieces = await piecesOf(async (s) => {
      for (let i = 0; i < text.length; i += 3) s.write(text.subarray(i, i + 3));
    });
    expect(pieces.join("")).toBe("Zoë Okafor – 1–50 of 4,200");
  });
});

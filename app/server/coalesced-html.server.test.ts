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

// React 18.3.1's Node renderer wrote the whole 2 KB buffer when a multi-byte character did not fit
// in its end, NUL bytes included (react#31134): a name like 'Zoë' or a '▼▼' mark at a 2 KB
// boundary put U+0000 into the page, and inside the loader data's <script> the browser reads it as
// U+FFFD. patches/react-dom+18.3.1.patch writes only the bytes used.
describe("a page rendered by React's stream", () => {
  it("has no NUL byte where a multi-byte character meets a 2 KB boundary", async () => {
    const { createElement: h } = await import("react");
    const { renderToPipeableStream } = await import("react-dom/server");
    // Pieces of one to three bytes' characters land at every offset of the 2 KB buffer.
    const cells = Array.from({ length: 600 }, (_, i) => h("td", { key: i, title: `Zoë ${i}` }, i % 2 ? "▼▼" : "Zoë – 1"));
    const html = await new Promise<Buffer>((resolve, reject) => {
      const body = new CoalescedHtml();
      const parts: Buffer[] = [];
      body.on("data", (b: Buffer) => parts.push(b));
      body.on("end", () => resolve(Buffer.concat(parts)));
      const { pipe } = renderToPipeableStream(h("table", null, h("tbody", null, h("tr", null, cells))), {
        onAllReady: () => pipe(body),
        onError: reject,
      });
    });
    expect(html.includes(0)).toBe(false);
    expect(html.toString().match(/▼▼/g)).toHaveLength(300);
  });

  it("is ended once by a finished render, and a reader that leaves stops the render", async () => {
    const { createElement: h, Suspense } = await import("react");
    const { renderToPipeableStream } = await import("react-dom/server");
    const body = new CoalescedHtml();
    const end = body.end.bind(body);
    let ends = 0;
    body.end = ((...args: Parameters<typeof end>) => (ends++, end(...args))) as typeof body.end;
    body.resume();
    await new Promise<void>((resolve, reject) => {
      body.on("end", resolve);
      const { pipe } = renderToPipeableStream(h("p", null, "done"), { onAllReady: () => pipe(body), onError: reject });
    });
    await nextTurn();
    await nextTurn();
    expect(ends).toBe(1);

    // A page still waiting on data when its reader goes away.
    const never = new Promise<never>(() => {});
    const Waiting = () => {
      throw never;
    };
    const left = new CoalescedHtml();
    left.resume();
    const aborted = await new Promise<unknown>((resolve) => {
      const { pipe } = renderToPipeableStream(h("div", null, h(Suspense, { fallback: "…" }, h(Waiting))), {
        onShellReady: () => {
          pipe(left);
          setImmediate(() => left.destroy());
        },
        onError: resolve,
      });
    });
    expect(String(aborted)).toMatch(/closed early/);
  });
});

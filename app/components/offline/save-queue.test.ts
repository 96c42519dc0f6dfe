import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { dropSave, flush, putSave, queuedSaves, saveNow, type QueuedSave } from "./save-queue";

// The queue runs in the browser; here IndexedDB is fake-indexeddb's, the window an EventTarget
// (the header's count is mirrored into localStorage, absent here), and /saves a stubbed fetch.

const owner = "teacher@example.org";
let seq = 0;
const entry = (key: string): QueuedSave => ({
  key,
  seq: ++seq,
  owner,
  kind: "letters",
  fields: [
    ["participantId", `p-${key}`],
    ["testCode", "letter-names"],
    ["idempotencyKey", key],
  ],
  label: `Letter Names · ${key}`,
  savedAt: "2026-03-11T09:00:00.000Z",
  state: "waiting",
});

const saved = (key: string) =>
  new Response(JSON.stringify({ outcome: "saved", participantId: `p-${key}`, testCode: "letter-names" }), {
    status: 200,
    headers: { "content-type": "application/json" },
  });

/** The idempotency key of each request to /saves, in order. */
let sent: string[] = [];

beforeEach(async () => {
  vi.stubGlobal("window", new EventTarget());
  sent = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_url: string, init: RequestInit) => {
      const key = new URLSearchParams(init.body as URLSearchParams).get("idempotencyKey")!;
      sent.push(key);
      return saved(key);
    }),
  );
  for (const e of await queuedSaves(owner)) await dropSave(owner, e.key);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("a dialog's save while the header's retry is sending", () => {
  it("answers with the save's own outcome when the other run sent it", async () => {
    // The header's retry starts the moment the dialog's save is kept, before the dialog sends it.
    await putSave(entry("a"));
    const retry = flush(owner);
    const dialog = flush(owner);
    expect((await retry).get("a")?.kind).toBe("saved");
    expect((await dialog).get("a")?.kind).toBe("saved");
    expect(sent).toEqual(["a"]);
    expect(await queuedSaves(owner)).toEqual([]);
  });

  it("saveNow: sent once, in order after what waited, answered as saved", async () => {
    await putSave(entry("earlier"));
    const retry = flush(owner);
    const outcome = await saveNow(entry("mine"));
    await retry;
    expect(outcome.kind).toBe("saved");
    expect(sent).toEqual(["earlier", "mine"]);
    expect(await queuedSaves(owner)).toEqual([]);
  });

  it("saveNow: the server away keeps it waiting on this device", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("<h1>503 Service Unavailable</h1>", { status: 503 })),
    );
    const outcome = await saveNow(entry("offline"));
    expect(outcome.kind).toBe("waiting");
    expect((await queuedSaves(owner)).map((e) => e.key)).toEqual(["offline"]);
  });
});

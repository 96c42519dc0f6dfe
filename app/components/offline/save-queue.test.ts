import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { dropSave, flush, keepMine, putSave, queuedSaves, saveNow, type LetterQueuedSave, type RanQueuedSave } from "./save-queue";

// The queue runs in the browser; here IndexedDB is fake-indexeddb's, the window an EventTarget
// (the header's count is mirrored into localStorage, absent here), and /saves a stubbed fetch.

const owner = "teacher@example.org";
let seq = 0;
const entry = (key: string): LetterQueuedSave => ({
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

const ranEntry = (key: string, more: [string, string][] = []): RanQueuedSave => ({
  key,
  seq: ++seq,
  owner,
  kind: "ran",
  fields: [
    ["intent", "ran-score"],
    ["responseId", "r-1"],
    ["idempotencyKey", key],
    ["version", "2026-03-11T08:00:00.000Z"],
    ["responseTime", "45"],
    ["errorCount", "3"],
    ...more,
  ],
  label: `Object RAN · ${key}`,
  savedAt: "2026-03-11T09:00:00.000Z",
  state: "waiting",
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** The form fields of each request to /saves, in order. */
let bodies: URLSearchParams[] = [];
const answer = (reply: (body: URLSearchParams) => Response) =>
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_url: string, init: RequestInit) => {
      const body = new URLSearchParams(init.body as URLSearchParams);
      bodies.push(body);
      return reply(body);
    }),
  );

const ranAnswer = { responseId: "r-1", formError: "Unable to save RAN scores", blind: false, attempt: "a1" };
const ranConflict = {
  message: "Someone else saved a score for this response after you opened it. Their score is shown now.",
  mine: "Scored Response Time: 45 secs · Num. of Errors: 3",
  saved: "Scored Response Time: 50 secs · Num. of Errors: 1",
  version: "2026-03-11T08:30:00.000Z",
  ran: { ...ranAnswer, conflict: { score: { evalResponseTime: 50, numOfErrors: 1, invalid: false }, version: "2026-03-11T08:30:00.000Z" } },
};

describe("a RAN score (time and errors) through the queue", () => {
  beforeEach(() => {
    bodies = [];
  });

  it("is sent as kind=ran with its own fields, key and version, after the letter save kept before it", async () => {
    answer((b) =>
      b.get("kind") === "ran" ? json(200, { outcome: "saved", responseId: b.get("responseId") }) : saved(b.get("idempotencyKey")!),
    );
    await putSave(entry("letters-first"));
    const outcome = await saveNow(ranEntry("ran-1"));
    expect(outcome).toEqual({ kind: "saved", body: { outcome: "saved", responseId: "r-1" } });
    expect(bodies.map((b) => [b.get("kind"), b.get("idempotencyKey")])).toEqual([
      ["letters", "letters-first"],
      ["ran", "ran-1"],
    ]);
    expect(Object.fromEntries(bodies[1]!)).toMatchObject({
      responseId: "r-1",
      version: "2026-03-11T08:00:00.000Z",
      responseTime: "45",
      errorCount: "3",
    });
    expect(await queuedSaves(owner)).toEqual([]);
  });

  it("answers a refusal with the panel's own answer", async () => {
    answer(() => json(403, { outcome: "refused", message: "Unable to save RAN scores", detail: "Only the first scorer…", ran: ranAnswer }));
    const outcome = await saveNow(ranEntry("refused"));
    expect(outcome).toEqual({ kind: "refused", message: "Unable to save RAN scores", detail: "Only the first scorer…", ran: ranAnswer });
  });

  it("a conflict stays listed; Keep mine sends the same figures over the saved version with a new key", async () => {
    answer(() => json(409, { outcome: "conflict", message: ranConflict.message, conflict: ranConflict }));
    await putSave(ranEntry("met-newer"));
    expect((await flush(owner)).get("met-newer")).toEqual({ kind: "conflict", conflict: ranConflict });
    const [listed] = await queuedSaves(owner);
    expect(listed).toMatchObject({ key: "met-newer", state: "conflict", conflict: ranConflict, message: ranConflict.message });

    await keepMine(listed!);
    const [again] = await queuedSaves(owner);
    expect(again!.key).not.toBe("met-newer");
    expect(again).toMatchObject({ kind: "ran", state: "waiting", label: "Object RAN · met-newer" });
    expect(again!.conflict).toBeUndefined();
    const fields = Object.fromEntries(again!.fields);
    expect(fields).toEqual({
      intent: "ran-score",
      responseId: "r-1",
      responseTime: "45",
      errorCount: "3",
      version: ranConflict.version,
      idempotencyKey: again!.key,
    });
    // No letter fields crept in: one of each name.
    expect(again!.fields).toHaveLength(6);

    answer((b) => json(200, { outcome: "saved", responseId: b.get("responseId") }));
    expect((await flush(owner)).get(again!.key)?.kind).toBe("saved");
    expect(bodies.at(-1)!.get("version")).toBe(ranConflict.version);
    expect(await queuedSaves(owner)).toEqual([]);
  });

  it("Keep mine on a letter conflict still makes an update of the stored test", async () => {
    const letterConflict = {
      message: "changed",
      mine: { correct: 2, of: 26, missed: [] },
      saved: { correct: 26, of: 26, missed: [] },
      version: "v2",
      participantTestId: "pt-1",
    };
    await putSave({ ...entry("letters-met-newer"), state: "conflict", conflict: letterConflict });
    await keepMine((await queuedSaves(owner))[0]!);
    const [again] = await queuedSaves(owner);
    expect(Object.fromEntries(again!.fields)).toEqual({
      participantId: "p-letters-met-newer",
      testCode: "letter-names",
      intent: "update",
      participantTestId: "pt-1",
      version: "v2",
      idempotencyKey: again!.key,
    });
  });
});

import type { LetterConflict } from "#app/components/results/letter-dialog-data";
import type { RanActionData, RanConflict as RanSaveConflict } from "#app/lib/ran-scoring.server";
import { offerQueue, writeQueueCount } from "./queue-count";

// Saves that wait for the network (issue 40 item 1). A score saved from a dialog goes into
// IndexedDB first and is sent from there, so a save made while the network or the server is away
// is not lost: it survives a reload and a closed tab and is sent, in the order saved, when the
// connection returns (the `online` event, a retry with back-off while a page is open, and the
// next page load). Each save carries the Idempotency-Key its dialog was opened with and the
// version it was edited from, so a repeat never saves twice and a change made meanwhile comes back
// as a conflict for the teacher to settle instead of being written over.
//
// Our own few lines over IndexedDB rather than a library: one store, four operations, and this
// loads with the dialog (docs/decisions/0016-page-weight.md). The saves go to the app's /saves
// route (app/routes/saves.ts) as the dialog's own form fields, which answers in JSON. Two kinds:
// a letter dialog's scores, and a RAN score (time and errors) from the RAN scoring dialog.

/** What the RAN scoring panel shows of a refused save: the page's action answers the same. */
export type RanAnswer = RanActionData["ran"];

/** A RAN save that met a newer score: both in words for the header's list, and the panel's own answer. */
export type RanConflict = RanSaveConflict & { ran: RanAnswer };

export type SaveConflict = LetterConflict | RanConflict;

type Queued<Kind extends string, Conflict> = {
  /** The Idempotency-Key: the store's key too. */
  key: string;
  /** Order of saving. */
  seq: number;
  /** The signed-in user's email: a browser shared by two teachers sends each one's saves only in their own session. */
  owner: string;
  kind: Kind;
  /** The dialog's form fields as posted. */
  fields: [string, string][];
  /** 'Letter Names · Lee, Ana', 'Object RAN · Lee, Ana': what the header's list names. */
  label: string;
  savedAt: string;
  state: "waiting" | "conflict" | "refused";
  message?: string;
  conflict?: Conflict;
};

export type LetterQueuedSave = Queued<"letters", LetterConflict>;
export type RanQueuedSave = Queued<"ran", RanConflict>;
export type QueuedSave = LetterQueuedSave | RanQueuedSave;

/** A dialog's save as kept now, waiting to be sent. */
export function newSave<S extends QueuedSave>(save: Pick<S, "key" | "owner" | "kind" | "fields" | "label">): S {
  return { ...save, seq: Date.now(), savedAt: new Date().toISOString(), state: "waiting" } as S;
}

export type SendOutcome<Conflict extends SaveConflict = SaveConflict> =
  | { kind: "saved"; body: Record<string, string> }
  | { kind: "conflict"; conflict: Conflict }
  /** `ran`: a RAN save's refusal as its panel shows it. */
  | { kind: "refused"; message: string; detail?: string; ran?: RanAnswer }
  /** The network or the server is away (no answer, 502/503/504), or the session is: try again later. */
  | { kind: "waiting" };

const DB_NAME = "screening-saves";
const STORE = "saves";

/**
 * The store's connection, opened once a page and kept: opening it for each save cost a slow
 * laptop tens of milliseconds on every 'Save and next student' (issue 40 item 4). Given up when
 * another tab upgrades or deletes the database, or the browser closes it; the next call opens again.
 */
let connection: Promise<IDBDatabase> | null = null;

function openDb(): Promise<IDBDatabase> {
  connection ??= new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: "key" });
    req.onsuccess = () => {
      const db = req.result;
      const forget = () => {
        connection = null;
      };
      db.onversionchange = () => {
        db.close();
        forget();
      };
      db.onclose = forget;
      resolve(db);
    };
    req.onerror = () => reject(req.error);
  }).catch((e: unknown) => {
    connection = null;
    throw e;
  });
  return connection;
}

/** Opens the store ahead of the first save, so that save does not wait for it. */
export function openQueue(): void {
  openDb().catch(() => undefined);
}

async function inStore<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openDb();
  return new Promise<T>((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const req = run(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(req.result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

/** Whether this browser can keep saves (IndexedDB present and usable). */
export function canQueue(): boolean {
  return typeof indexedDB !== "undefined";
}

export async function queuedSaves(owner: string): Promise<QueuedSave[]> {
  const all = await inStore("readonly", (s) => s.getAll() as IDBRequest<QueuedSave[]>);
  return all.filter((e) => e.owner === owner).sort((a, b) => a.seq - b.seq);
}

async function changed(owner: string) {
  // The header's list uses this very code (its own download may be impossible offline).
  offerQueue(header);
  writeQueueCount(owner, (await queuedSaves(owner)).length);
}

export async function putSave(entry: QueuedSave) {
  await keepSave(entry);
  await changed(entry.owner);
}

/**
 * A save kept on this device, the header's count not yet told (showQueue): 'Save and next
 * student' moves on once the save is kept, and the count follows.
 */
export async function keepSave(entry: QueuedSave) {
  await inStore("readwrite", (s) => s.put(entry));
}

/** The header's count of waiting saves, read again. */
export const showQueue = changed;

export async function dropSave(owner: string, key: string) {
  await inStore("readwrite", (s) => s.delete(key));
  await changed(owner);
}

/** A fresh UUID: crypto.randomUUID exists only in secure contexts (not on a plain-HTTP intranet address). */
export function newKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** One save sent to /saves; only no answer at all, a gateway's 502/503/504 or a lost session keep it waiting. */
export async function sendSave(entry: QueuedSave): Promise<SendOutcome> {
  let res: Response;
  try {
    res = await fetch("/saves", {
      method: "POST",
      body: new URLSearchParams([...entry.fields, ["kind", entry.kind]]),
      redirect: "manual",
      credentials: "same-origin",
      headers: { Accept: "application/json" },
    });
  } catch {
    return { kind: "waiting" };
  }
  // Signed out (the route redirects to sign-in): the save waits for the owner's next session.
  if (res.type === "opaqueredirect" || res.status === 401) return { kind: "waiting" };
  if (res.status === 502 || res.status === 503 || res.status === 504) return { kind: "waiting" };
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (res.ok && body?.outcome === "saved") return { kind: "saved", body: body as Record<string, string> };
  if (res.status === 409 && body?.conflict) return { kind: "conflict", conflict: body.conflict as SaveConflict };
  const message = typeof body?.message === "string" ? body.message : `The server refused the save (${res.status}).`;
  const detail = typeof body?.detail === "string" ? body.detail : undefined;
  return { kind: "refused", message, detail, ...(body?.ran ? { ran: body.ran as RanAnswer } : {}) };
}

let running: Promise<Map<string, SendOutcome>> | null = null;

/**
 * Sends the owner's waiting saves in the order they were made, stopping at the first that must
 * wait (a later one must not overtake it). Conflicts and refusals stay listed for the teacher.
 * One run at a time in this tab, and across tabs where the browser has Web Locks. A call made
 * while a run is under way waits for it and answers with that run's outcomes too: the header's
 * retry may have sent the very save a dialog has just kept.
 */
export function flush(owner: string): Promise<Map<string, SendOutcome>> {
  if (running) {
    const earlier = running.catch(() => new Map<string, SendOutcome>());
    return earlier.then((before) => flush(owner).then((after) => new Map([...before, ...after])));
  }
  const run = async () => {
    const outcomes = new Map<string, SendOutcome>();
    for (const entry of await queuedSaves(owner)) {
      if (entry.state !== "waiting") continue;
      const outcome = await sendSave(entry);
      outcomes.set(entry.key, outcome);
      if (outcome.kind === "waiting") break;
      if (outcome.kind === "saved") await dropSave(owner, entry.key);
      else if (outcome.kind === "conflict")
        await putSave({ ...entry, state: "conflict", conflict: outcome.conflict, message: outcome.conflict.message } as QueuedSave);
      else
        await putSave({ ...entry, state: "refused", message: outcome.detail ? `${outcome.message} ${outcome.detail}` : outcome.message });
    }
    return outcomes;
  };
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  const started = (locks ? locks.request(DB_NAME, run) : run()) as Promise<Map<string, SendOutcome>>;
  const current = started.finally(() => {
    running = null;
  });
  running = current;
  return current;
}

/**
 * A dialog's save: kept first, then sent with whatever waits before it. The answer is this save's
 * own. One sent by another tab meanwhile is no longer in the queue if it went through (conflicts
 * and refusals stay listed), so it counts as saved.
 */
export function saveNow(entry: LetterQueuedSave): Promise<SendOutcome<LetterConflict>>;
export function saveNow(entry: RanQueuedSave): Promise<SendOutcome<RanConflict>>;
export function saveNow(entry: QueuedSave): Promise<SendOutcome>;
export async function saveNow(entry: QueuedSave): Promise<SendOutcome> {
  await putSave(entry);
  const outcome = (await flush(entry.owner)).get(entry.key);
  if (outcome) return outcome;
  const kept = (await queuedSaves(entry.owner)).find((e) => e.key === entry.key);
  if (!kept) {
    const field = (name: string) => entry.fields.find(([k]) => k === name)?.[1] ?? "";
    const body: Record<string, string> =
      entry.kind === "ran" ? { responseId: field("responseId") } : { participantId: field("participantId"), testCode: field("testCode") };
    return { kind: "saved", body };
  }
  if (kept.state === "conflict" && kept.conflict) return { kind: "conflict", conflict: kept.conflict };
  if (kept.state === "refused") return { kind: "refused", message: kept.message ?? "The server refused the save." };
  return { kind: "waiting" };
}

/**
 * Keep the teacher's scores over the ones saved meanwhile: sent again from the saved version, with
 * a new key. Letters become an update of the stored test; a RAN score keeps its response and
 * figures, only its version changes.
 */
export async function keepMine(entry: QueuedSave) {
  if (!entry.conflict) return;
  const key = newKey();
  const without = (names: string[]) => entry.fields.filter(([k]) => !names.includes(k));
  const fields: [string, string][] =
    entry.kind === "ran"
      ? [...without(["version", "idempotencyKey"]), ["version", entry.conflict.version], ["idempotencyKey", key]]
      : [
          ...without(["version", "participantTestId", "intent", "idempotencyKey", "next"]),
          ["intent", "update"],
          ["participantTestId", entry.conflict.participantTestId],
          ["version", entry.conflict.version],
          ["idempotencyKey", key],
        ];
  await dropSave(entry.owner, entry.key);
  await putSave({ ...entry, key, state: "waiting", conflict: undefined, message: undefined, fields });
}

const BACKOFF_MS = [2_000, 4_000, 8_000, 16_000, 30_000, 60_000];

/**
 * While a page is open: send what waits now (`first: "later"`: after the first back-off), again
 * when the browser says it is online, and on a back-off while something still waits. `onSaved`
 * runs after any save went through (the page then reads its data again), `onList` with the
 * owner's list after every change.
 */
export function startSync(
  owner: string,
  hooks: { onSaved: () => void; onList: (saves: QueuedSave[]) => void },
  { first = "now" }: { first?: "now" | "later" } = {},
): () => void {
  let stopped = false;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const list = () =>
    queuedSaves(owner).then(
      (saves) => !stopped && hooks.onList(saves),
      () => undefined,
    );
  const tick = async () => {
    clearTimeout(timer);
    timer = undefined;
    if (stopped) return;
    const outcomes = await flush(owner).catch(() => new Map<string, SendOutcome>());
    if ([...outcomes.values()].some((o) => o.kind === "saved")) hooks.onSaved();
    await list();
    if (stopped) return;
    const waiting = (await queuedSaves(owner).catch(() => [])).some((s) => s.state === "waiting");
    if (!waiting) {
      attempt = 0;
      return;
    }
    timer = setTimeout(tick, BACKOFF_MS[Math.min(attempt++, BACKOFF_MS.length - 1)]);
  };
  const online = () => {
    attempt = 0;
    void tick();
  };
  // A save queued by a dialog while nothing was pending: start the retries for it.
  const onChange = () => {
    void list();
    if (timer === undefined && !running) timer = setTimeout(tick, BACKOFF_MS[0]);
  };
  window.addEventListener("online", online);
  window.addEventListener("save-queue", onChange);
  // Started by a dialog's save, which that dialog is sending now: the first retry waits its turn.
  if (first === "later") {
    void list();
    timer = setTimeout(tick, BACKOFF_MS[0]);
  } else void tick();
  return () => {
    stopped = true;
    clearTimeout(timer);
    window.removeEventListener("online", online);
    window.removeEventListener("save-queue", onChange);
  };
}

/** What the header's list (SaveQueueStatus.tsx) uses of the queue. */
export const header = { startSync, keepMine, flush, dropSave };
export type HeaderQueue = typeof header;

// The soak's virtual users. Each is a signed-in account with its own cookie that opens its role's
// pages in turn, pausing a think time (uniform between half and one and a half times the mean)
// after each. A writer (a teacher) also scores at that pace, through the endpoints its page uses:
// it opens the letter dialog (the child route's loader), saves letter scores (the route's
// action), opens a 'Needs scoring' RAN recording (the classroom page's loader with the dialog)
// and saves a score with the version it read (the page's action), and after each save loads
// what the page reloads. Every request is timed; every save is kept for the check afterwards.
import { first, itemAt } from "#app/domain/presence";
import type { Account, LetterKey, RanTarget, WriteAttempt } from "./soak-db";
import { actionResult, dataUrl, decodeSingleFetch, routeResult, type RouteResult } from "./soak-remix";

/** How long a virtual user waits for an answer before it counts the request as failed. */
export const REQUEST_TIMEOUT_MS = 30_000;

export interface Sample {
  key: string;
  start: number;
  ms: number;
  status: number;
  ok: boolean;
  /** 503 with a Retry-After header: the server shed the request. */
  retryAfter: boolean;
  note?: string;
}

/** A virtual user: its account, cookies, and (a writer) how far it got through its scoring. */
export class VirtualUser {
  readonly cookies = new Map<string, string>();
  private nextLetter = 0;
  private nextRan = 0;
  private readonly ranTimes = new Map<string, Set<number>>();
  private step = 0;

  constructor(
    readonly account: Account,
    cookie: string,
  ) {
    const parts = cookie.split("=");
    this.cookies.set(first(parts, "a cookie name"), parts.slice(1).join("="));
  }

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  keep(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const parts = first(c.split(";"), "a cookie").split("=");
      this.cookies.set(first(parts, "a cookie name").trim(), parts.slice(1).join("="));
    }
  }

  letterKey(): LetterKey | null {
    const plan = this.account.writer;
    if (!plan?.letters.length) return null;
    return itemAt(plan.letters, this.nextLetter++ % plan.letters.length, "a letter test to score");
  }

  ranTarget(): { target: RanTarget; again: boolean } | null {
    const plan = this.account.writer;
    if (!plan?.ran.length) return null;
    const again = this.nextRan >= plan.ran.length;
    return { target: itemAt(plan.ran, this.nextRan++ % plan.ran.length, "a RAN test to score"), again };
  }

  /** A whole-second time this writer has not given this response yet, so each save is told apart. */
  ranTime(responseId: string): number {
    const used = this.ranTimes.get(responseId) ?? new Set<number>();
    this.ranTimes.set(responseId, used);
    let t = 20 + Math.floor(Math.random() * 70);
    while (used.has(t)) t = t >= 150 ? 20 : t + 1;
    used.add(t);
    return t;
  }

  nextStep() {
    return this.step++;
  }
}

export interface PhaseOptions {
  origin: string;
  users: VirtualUser[];
  seconds: number;
  thinkMs: number;
  /** Every request goes to this URL instead (the floor route, for the capacity ratio). */
  floorUrl?: string;
  samples: Sample[];
  writes: WriteAttempt[];
  /** Names the saves of this phase. */
  phase: string;
}

const CLASSROOM_ROUTE = "routes/classroom.$classroomId";
const LETTERS_ROUTE = "routes/classroom.$classroomId.letters";

type Answer = { status: number; retryAfter: boolean; decoded?: unknown; error?: string };

async function request(
  o: PhaseOptions,
  u: VirtualUser,
  key: string,
  url: string,
  init: { method?: "GET" | "POST"; form?: URLSearchParams; data?: boolean } = {},
): Promise<Answer> {
  const start = Date.now();
  const t0 = performance.now();
  const headers: Record<string, string> = { cookie: u.cookieHeader() };
  if (init.form) {
    headers["content-type"] = "application/x-www-form-urlencoded;charset=UTF-8";
    // What a browser sends with a same-site post (the app refuses cross-site ones).
    headers.origin = o.origin;
  }
  let answer: Answer;
  try {
    const res = await fetch(o.origin + url, {
      method: init.method ?? "GET",
      headers,
      body: init.form,
      redirect: "manual",
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    u.keep(res);
    const retryAfter = res.status === 503 && res.headers.has("retry-after");
    if (init.data && res.body && (res.status === 200 || res.status === 202)) {
      answer = { status: res.status, retryAfter, decoded: await decodeSingleFetch(res.body) };
    } else {
      await res.arrayBuffer();
      answer = { status: res.status, retryAfter };
    }
  } catch (e) {
    answer = { status: 0, retryAfter: false, error: e instanceof Error ? e.name : String(e) };
  }
  const ms = performance.now() - t0;
  // A page or a loader answers 200; an action's 'saved' is a redirect, which single fetch sends as 202.
  const ok = answer.status === (init.method === "POST" ? 202 : 200);
  o.samples.push({ key, start, ms, status: answer.status, ok, retryAfter: answer.retryAfter, note: answer.error });
  return answer;
}

/** Marks the last sample failed (an answer that came back but was not what the page needs). */
function fail(o: PhaseOptions, note: string) {
  const s = o.samples.at(-1);
  if (s) {
    s.ok = false;
    s.note = note;
  }
}

function messageOf(r: RouteResult | null): string {
  if (!r) return "no answer for the route";
  if ("redirect" in r) return `redirect to ${r.redirect}`;
  if ("error" in r) return `error ${JSON.stringify(r.error).slice(0, 120)}`;
  const d = r.data as { error?: { message?: string; detail?: string } } | undefined;
  return d?.error ? `refused: ${d.error.message}${d.error.detail ? ` (${d.error.detail})` : ""}` : "no redirect";
}

/** A save: the action's answer, and the page's reload after it (Remix revalidates the redirect target). */
async function save(o: PhaseOptions, u: VirtualUser, key: string, url: string, form: URLSearchParams): Promise<boolean> {
  const answer = await request(o, u, key, dataUrl(url), { method: "POST", form, data: true });
  if (answer.status !== 202 && answer.status !== 200) return false;
  const r = actionResult(answer.decoded);
  if (!r || !("redirect" in r)) {
    fail(o, messageOf(r));
    return false;
  }
  const reload = await request(o, u, `${key}-reload`, dataUrl(r.redirect), { data: true });
  if (reload.status === 200) {
    const root = routeResult(reload.decoded, "root");
    if (!root || !("data" in root)) fail(o, messageOf(root));
  }
  return true;
}

interface LetterDialog {
  kind: string;
  participantId: string;
  grade: string;
  period: string;
  testCode: "letter-names" | "letter-sounds";
  participantTestId: string | null;
  items: { code: string }[];
  scores: Record<string, 0 | 1>;
  message?: string;
}

/** Opens one letter dialog and saves a new set of ticks, as the form does. */
async function scoreLetters(o: PhaseOptions, u: VirtualUser, classroomId: string, k: LetterKey, think: () => Promise<void>) {
  const page = `/classroom/${classroomId}/letters?student=${k.participantId}&test=${k.testCode}&mode=edit`;
  const opened = await request(o, u, "letter-dialog", dataUrl(page, ["root", LETTERS_ROUTE]), { data: true });
  if (opened.status !== 200) return;
  const r = routeResult(opened.decoded, LETTERS_ROUTE);
  const dialog = r && "data" in r ? (r.data as { dialog?: LetterDialog }).dialog : undefined;
  if (!dialog || dialog.kind !== "ready") {
    fail(o, dialog?.message ?? messageOf(r));
    return;
  }
  await think();
  const ticks: Record<string, 0 | 1> = Object.fromEntries(dialog.items.map((i) => [i.code, Math.random() < 0.6 ? 1 : 0]));
  // A save that changes nothing could not be told from one that was lost.
  const [head] = dialog.items;
  if (head && dialog.items.every((i) => ticks[i.code] === dialog.scores[i.code])) ticks[head.code] = ticks[head.code] ? 0 : 1;
  const form = new URLSearchParams({
    intent: dialog.participantTestId ? "update" : "create",
    testCode: dialog.testCode,
    participantId: dialog.participantId,
    grade: dialog.grade,
    periodName: dialog.period,
  });
  if (dialog.participantTestId) form.set("participantTestId", dialog.participantTestId);
  for (const i of dialog.items) if (ticks[i.code]) form.append("correct", i.code);
  const attempt: WriteAttempt = {
    kind: "letters",
    userId: u.account.userId,
    participantId: dialog.participantId,
    testCode: dialog.testCode,
    periodName: dialog.period,
    correctByCode: ticks,
    phase: o.phase,
    acknowledged: false,
    at: Date.now(),
  };
  o.writes.push(attempt);
  attempt.acknowledged = await save(o, u, "letter-save", page, form);
}

interface RanDialog {
  data?: {
    canScore: boolean;
    versions: Record<string, string>;
    view: { state: string; test: { id: string } | null };
  };
  error?: string;
}

/** Opens a RAN recording's scoring dialog over the classroom page and saves a time and errors. */
async function scoreRan(o: PhaseOptions, u: VirtualUser, classroomId: string, t: RanTarget, again: boolean, think: () => Promise<void>) {
  // A response this writer scored already shows read-only; Edit (edit=1) opens its form.
  const page = `/classroom/${classroomId}?dialog=ran&ranTest=${t.testId}${again ? "&edit=1" : ""}`;
  const opened = await request(o, u, "ran-dialog", dataUrl(page), { data: true });
  if (opened.status !== 200) return;
  const r = routeResult(opened.decoded, CLASSROOM_ROUTE);
  const ran = r && "data" in r ? ((r.data as { ran?: RanDialog | null }).ran ?? null) : null;
  const version = ran?.data?.versions[t.responseId];
  if (!ran?.data || !ran.data.canScore || ran.data.view.state !== "ready" || version === undefined) {
    fail(o, ran?.error ?? (ran?.data ? "the response cannot be scored" : messageOf(r)));
    return;
  }
  await think();
  const responseTime = u.ranTime(t.responseId);
  const errors = Math.floor(Math.random() * 5);
  const form = new URLSearchParams({
    intent: "ran-score",
    responseId: t.responseId,
    version,
    responseTime: String(responseTime),
    errorCount: String(errors),
  });
  const attempt: WriteAttempt = {
    kind: "ran",
    userId: u.account.userId,
    testId: t.testId,
    responseId: t.responseId,
    responseTime,
    errors,
    phase: o.phase,
    acknowledged: false,
    at: Date.now(),
  };
  o.writes.push(attempt);
  attempt.acknowledged = await save(o, u, "ran-save", page, form);
}

/** One virtual user's loop until the phase's end. */
async function live(o: PhaseOptions, u: VirtualUser, until: number, offset: number) {
  const think = () => new Promise<void>((r) => setTimeout(r, Math.min(o.thinkMs * (0.5 + Math.random()), Math.max(0, until - Date.now()))));
  // Users arrive over the first think time, not all in the same millisecond.
  await new Promise((r) => setTimeout(r, offset));
  const page = async (key: string, url: string) => {
    const answer = await request(o, u, key, url);
    if (answer.status === 200 || answer.status === 0 || answer.status === 503) return;
    fail(o, `status ${answer.status}`);
  };
  while (Date.now() < until) {
    if (o.floorUrl) {
      await page("floor", o.floorUrl);
      await think();
      continue;
    }
    const plan = u.account.writer;
    const pages = u.account.pages;
    const n = u.nextStep();
    const home = first(pages, "a page");
    if (!plan) {
      const p = itemAt(pages, n % pages.length, "a page");
      await page(p.key, p.url);
    } else {
      // A writer's round: the class, a letter dialog and its save, a RAN recording and its save, a student.
      const round = n % 4;
      if (round === 0) await page(home.key, home.url);
      else if (round === 1) {
        const k = u.letterKey();
        if (k) await scoreLetters(o, u, plan.classroomId, k, think);
        else await page(home.key, home.url);
      } else if (round === 2) {
        const r = u.ranTarget();
        if (r) await scoreRan(o, u, plan.classroomId, r.target, r.again, think);
        else await page(home.key, home.url);
      } else {
        const p = pages[1] ?? home;
        await page(p.key, p.url);
      }
    }
    await think();
  }
}

/** Runs every user for `seconds`; requests still in flight at the end are awaited and counted. */
export async function runPhase(o: PhaseOptions): Promise<{ startedAt: number; endedAt: number }> {
  const startedAt = Date.now();
  const until = startedAt + o.seconds * 1000;
  await Promise.all(o.users.map((u, i) => live(o, u, until, (Math.min(o.thinkMs, o.seconds * 500) * i) / o.users.length)));
  return { startedAt, endedAt: Date.now() };
}

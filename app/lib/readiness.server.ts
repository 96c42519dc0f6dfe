import { openingStage, type Db } from "#app/db/connect.server";
import { migrations } from "#app/db/migrations";
import { pingDatabase, recordedMigrations } from "#app/db/queries/health";
import { openFailureOf, readinessOf, type DatabaseProbe, type Readiness } from "#app/domain/readiness";
import { inProcessApi } from "./api-app.server";

// /readyz (app/routes/readyz.ts): is this server fit to take requests? Its API's database answers a
// trivial query and records exactly the migrations this build ships (app/domain/readiness.ts).
//
// The route is never held or refused by the admission of scripts/shed-load.mjs (a busy server
// is still a ready one), so what it costs is bounded here instead: one probe at a time per
// database, whose answer serves every caller for FRESH_MS, so a balancer's checks (or anyone's
// flood of /readyz) cost the database at most two small reads a second. A probe that has not
// answered within TIMEOUT_MS is reported as a timeout (the balancer's own check waits 5 s,
// deploy/haproxy.cfg); callers after that wait on the same probe, so a hung connection never
// gathers more.

/** How long an answer is reused. */
export const FRESH_MS = 1_000;
/** The longest a caller waits for the database's answer. */
export const TIMEOUT_MS = 3_000;

const SHIPPED = Object.keys(migrations);

interface Probe {
  /** When it settled (0 while under way). */
  settledAt: number;
  result: Promise<DatabaseProbe>;
}

/** The latest probe of each database: a test's database is not the process's. */
const probes = new WeakMap<Db, Probe>();
/** The last failure to open the process's database, reused as a probe is. */
let openFailure: { at: number; probe: DatabaseProbe } | undefined;
/** Why the latest probe failed, for the log. */
let lastError = "";
let lastReady: boolean | undefined;

async function probeDatabase(db: Db): Promise<DatabaseProbe> {
  try {
    await pingDatabase(db);
    return { kind: "answered", recorded: await recordedMigrations(db) };
  } catch (err) {
    lastError = messageOf(err);
    return { kind: "unreachable" };
  }
}

function probeOf(db: Db, now: number): Promise<DatabaseProbe> {
  const last = probes.get(db);
  if (last && (last.settledAt === 0 || now - last.settledAt < FRESH_MS)) return last.result;
  const probe: Probe = { settledAt: 0, result: probeDatabase(db) };
  void probe.result.then(() => (probe.settledAt = Date.now()));
  probes.set(db, probe);
  return probe.result;
}

function withinTimeout<T>(pending: Promise<T>, late: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(late), TIMEOUT_MS);
    timer.unref();
  });
  return Promise.race([pending, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The probe of the process's database: opened (and migrated) on first use, as the first page
 * would. The opening is bounded as the probe is: a server whose database has not opened answers
 * "timeout" in time for the balancer's check, and its log says so, instead of no answer at all.
 */
async function probeProcessDatabase(now: number): Promise<DatabaseProbe> {
  if (openFailure && now - openFailure.at < FRESH_MS) return openFailure.probe;
  let db: Db | null;
  try {
    db = await withinTimeout(
      inProcessApi().then((api) => api.db),
      null,
    );
  } catch (err) {
    lastError = messageOf(err);
    openFailure = { at: Date.now(), probe: { kind: openFailureOf(lastError) } };
    return openFailure.probe;
  }
  openFailure = undefined;
  if (db === null) {
    lastError = `opening the database has not finished (${openingStage()})`;
    return { kind: "timeout" };
  }
  const probe = await withinTimeout(probeOf(db, now), { kind: "timeout" });
  if (probe.kind === "timeout") lastError = `no answer to the probe within ${TIMEOUT_MS / 1000} s`;
  return probe;
}

/** The server's readiness, for /readyz. The log says when it stops being ready, and why, and when it is ready again. */
export async function readiness(): Promise<Readiness> {
  const probe = await probeProcessDatabase(Date.now());
  const result = readinessOf(probe, SHIPPED);
  if (!result.ready && lastReady !== false) {
    const why = probe.kind === "answered" ? "" : ` (${lastError})`;
    console.warn(`[readyz] not ready: ${JSON.stringify(result.body)}${why}`);
  }
  if (result.ready && lastReady === false) console.log("[readyz] ready again");
  lastReady = result.ready;
  return result;
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

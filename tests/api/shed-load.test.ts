import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "#app/db/connect.server";
import { preloadArgs } from "../../scripts/lib/preloads.mjs";
import { makeWorld, newTeacherBody } from "./support/fixtures";
import { buildAsServed, serveBuild, stopServer, type Served } from "./support/served-app";
import { TEST_PASSWORD } from "./support/test-api";
import { createTestDb, databaseUrlOf } from "./support/test-db";

// Issue 36 §2, overload, on the app as npm start serves it (the build under remix-serve with the
// server's preloads, on PostgreSQL) with a tiny admission: one request at a time, one waiting.
// A burst of reads, pages and saves gets 503 + Retry-After for what does not fit, the server
// stays up, and every save it acknowledged with 201 is in the database exactly once, while every
// save it refused is not there at all (refused before it ran). Writers that were refused send
// again after Retry-After, as a client should, until theirs is acknowledged.

const postgres = process.env.TEST_DB_ENGINE === "postgres";
const BUILD = ".tmp/shed-load-build";
const BUSY = "The server is busy. Please wait a few seconds and try again.";

let handle: DbHandle;
let w: Awaited<ReturnType<typeof makeWorld>>;
let served: Served;

/** An answer, and whether it was asked for as a page (what the browser of a person asks for) or as data. */
type Answer = { asked: "page" | "data"; status: number; retryAfter: string | null; type: string | null; body: string };

async function call(pathname: string, init: RequestInit = {}): Promise<Answer> {
  const res = await fetch(`${served.base}${pathname}`, { redirect: "manual", ...init });
  const asked = new Headers(init.headers).get("accept")?.includes("text/html") ? "page" : "data";
  return {
    asked,
    status: res.status,
    retryAfter: res.headers.get("retry-after"),
    type: res.headers.get("content-type"),
    body: await res.text(),
  };
}

/** What a refused caller is told: a page that says the server is busy, or its message as JSON. */
const busyAnswer = (a: Answer) =>
  a.asked === "page"
    ? { status: a.status, type: a.type?.split(";")[0], says: a.body.includes(`<p>${BUSY}</p>`) }
    : { status: a.status, type: a.type?.split(";")[0], says: JSON.parse(a.body) as unknown };
const BUSY_ANSWERS = {
  page: { status: 503, type: "text/html", says: true },
  data: { status: 503, type: "application/json", says: { message: BUSY } },
};

describe.runIf(postgres)("shedding load on the served app (remix-serve over the build, tiny limits)", () => {
  beforeAll(async () => {
    buildAsServed(BUILD);
    handle = await createTestDb();
    w = await makeWorld(handle.db);
    served = await serveBuild(BUILD, preloadArgs(), {
      DATABASE_URL: await databaseUrlOf(handle),
      SESSION_SECRET: "shed-load",
      SHED_MAX_IN_FLIGHT: "1",
      SHED_MAX_QUEUE: "1",
      SHED_MAX_WAIT_MS: "1000",
    });
  }, 240_000);

  afterAll(async () => {
    await stopServer(served?.server);
    await handle?.close();
  });

  it(
    "refuses what does not fit with 503 + Retry-After, keeps every acknowledged save once and no refused one",
    { timeout: 120_000 },
    async () => {
      const login = await call("/api/dashboard/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: w.districtAdmin.email, password: TEST_PASSWORD }),
      });
      expect(login.status).toBe(200);
      const auth = { authorization: `Bearer ${(JSON.parse(login.body) as { token: string }).token}` };
      const users = `/api/user/organization/${w.district.organization_id}/page?limit=50`;

      /** Every answer to every save, by the email it created. */
      const saves = new Map<string, Answer[]>();
      /** A teacher's save, sent again after Retry-After while refused (at most 20 times). */
      async function save(i: number) {
        const email = `burst.${i}@shed.example`;
        const answers: Answer[] = [];
        saves.set(email, answers);
        for (let attempt = 0; attempt < 20; attempt++) {
          const answer = await call("/api/user", {
            method: "POST",
            headers: { ...auth, "content-type": "application/json" },
            body: JSON.stringify(newTeacherBody(w, "Burst", `Writer ${i}`, email)),
          });
          answers.push(answer);
          if (answer.status !== 503) return;
          await new Promise((r) => setTimeout(r, Number(answer.retryAfter) * 1000));
        }
      }
      const reads = Array.from({ length: 30 }, (_, i) =>
        i % 3 === 0 ? call("/login", { headers: { accept: "text/html" } }) : call(users, { headers: auth }),
      );
      const [answers] = await Promise.all([Promise.all(reads), ...Array.from({ length: 6 }, (_, i) => save(i))]);
      // Static files are served during the burst, whatever the load.
      const favicon = await call("/favicon.ico");
      expect(favicon.status).toBe(200);

      const all = [...answers, ...[...saves.values()].flat()];
      const refused = all.filter((a) => a.status === 503);
      expect(refused.length, "the burst overflowed one slot and one place in the queue").toBeGreaterThan(0);
      expect(all.every((a) => a.status === 503 || a.status < 400)).toBe(true);
      for (const a of refused) {
        expect(Number(a.retryAfter)).toBeGreaterThanOrEqual(1);
        expect(busyAnswer(a)).toEqual(BUSY_ANSWERS[a.asked]);
      }
      expect(
        refused.some((a) => a.asked === "page"),
        "a page was refused as a page",
      ).toBe(true);

      const found = await handle.db
        .selectFrom("app_user")
        .select(({ fn }) => ["email", fn.countAll<number>().as("n")])
        .where("email", "like", "burst.%@shed.example")
        .groupBy("email")
        .execute();
      const inDb = new Map(found.map((r) => [r.email, Number(r.n)]));
      for (const [email, tries] of saves) {
        const acknowledged = tries.filter((a) => a.status === 201).length;
        // Each writer ended acknowledged, after refusals that left nothing behind: one row each.
        expect({ email, acknowledged, last: tries.at(-1)!.status, rows: inDb.get(email) ?? 0 }).toEqual({
          email,
          acknowledged: 1,
          last: 201,
          rows: 1,
        });
      }
      expect(
        [...saves.values()].some((tries) => tries.some((a) => a.status === 503)),
        "a save was refused and sent again",
      ).toBe(true);

      // Still up, and serving normally once the burst is over.
      expect((await call(users, { headers: auth })).status).toBe(200);
    },
  );
});

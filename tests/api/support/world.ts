import type { KyselyConfig } from "kysely";
import { afterAll } from "vitest";
import type { ApiConfig } from "#app/api/env";
import { makeWorld } from "./fixtures";
import { createTestApi, type TestApi } from "./test-api";
import { createTestDb } from "./test-db";

// The set-up almost every API test file shares, awaited at the top of the file:
//   const { handle, t, w } = await apiWorld();
//   const token = await t.login(w.teacher.email);
// A fresh database of its own (closed again after the file), the real API over it, and the
// standard world of fixtures.ts: two districts' schools, classrooms, students and one user per role.

export interface ApiTestOptions {
  /** What createTestApi is given on top of its test defaults. */
  config?: Partial<ApiConfig>;
  /** Kysely's statement log (the query-count and statement tests read it). */
  log?: KyselyConfig["log"];
}

export type World = Awaited<ReturnType<typeof makeWorld>>;

/** A fresh database and the real API over it, with no rows: for tests that make every row themselves. */
export async function freshApi(options: ApiTestOptions = {}) {
  const handle = await createTestDb({ log: options.log });
  afterAll(() => handle.close());
  const t = createTestApi(handle.db, options.config);
  return { handle, t };
}

/** freshApi with the standard world in it. */
export async function apiWorld(options: ApiTestOptions = {}) {
  const { handle, t } = await freshApi(options);
  const w: World = await makeWorld(handle.db);
  return { handle, t, w };
}

/** A bearer token of each of the world's staff, signed in as they would with the test password. */
export async function staffTokens(t: TestApi, w: World) {
  return {
    teacher: await t.login(w.teacher.email),
    schoolAdmin: await t.login(w.schoolAdmin.email),
    districtAdmin: await t.login(w.districtAdmin.email),
    superAdmin: await t.login(w.superAdmin.email),
  };
}

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { IDLE_TIMEOUT_DEFAULT_MS, LOGOUT_GRACE_DEFAULT_MS, serverIdleLimitMs } from "#app/domain/session-timing";
import { createApi } from "#app/api/app";
import type { ApiConfig, ApiDeps } from "#app/api/env";
import type { Db } from "#app/db/connect.server";
import type { MailMessage } from "#app/server/mail.server";

export interface TestApi {
  api: ReturnType<typeof createApi>;
  /** What the API was built with (the in-process UI client needs it too: app/lib/api-app.server.ts). */
  deps: ApiDeps;
  mail: MailMessage[];
  clock: { now: Date };
  call: (
    method: string,
    path: string,
    options?: { token?: string | null; body?: unknown; headers?: Record<string, string> },
  ) => Promise<Response>;
  login: (email: string, password?: string) => Promise<string>;
}

export const TEST_PASSWORD = "Test#Pass1";

/** The real API over a test database, with a clock and an outbox the test controls. */
export function createTestApi(db: Db, config: Partial<ApiConfig> = {}): TestApi {
  const mail: MailMessage[] = [];
  const clock = { now: new Date() };
  const deps: ApiDeps = {
    db,
    config: {
      sessionIdleMs: serverIdleLimitMs(IDLE_TIMEOUT_DEFAULT_MS, LOGOUT_GRACE_DEFAULT_MS),
      publicUrl: "http://localhost:3000",
      secureCookies: false,
      allowFlagOverride: true,
      flags: { enabled: new Set(), loginBanner: null },
      ...config,
    },
    mailer: { send: async (m) => void mail.push(m) },
    now: () => clock.now,
  };
  const api = createApi(deps);
  const call: TestApi["call"] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers["content-type"] = "application/json";
    return api.fetch(
      new Request(`http://localhost/api${path}`, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      }),
    );
  };
  const login = async (email: string, password = TEST_PASSWORD) => {
    const res = await call("POST", "/dashboard/login", { body: { username: email, password } });
    if (res.status !== 200) throw new Error(`login as ${email} answered ${res.status}: ${await res.text()}`);
    return ((await res.json()) as { token: string }).token;
  };
  return { api, deps, mail, clock, call, login };
}

/**
 * Points DATA_DIR at a new temporary folder for this test file (each file runs in its own
 * process), so stored files and the local session secret never touch ./data. Call once at
 * module level or in beforeAll; `cleanup` removes the folder.
 */
export function useTempDataDir(): { dir: string; filesDir: string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), "api-data-"));
  process.env.DATA_DIR = dir;
  return { dir, filesDir: path.join(dir, "files"), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

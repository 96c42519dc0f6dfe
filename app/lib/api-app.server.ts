import { createApi, fetchApi, type Api } from "#app/api/app";
import { runRecordAccess } from "#app/api/record-access";
import type { Actor, ApiConfig, ApiDeps } from "#app/api/env";
import { resolveCaller } from "#app/api/sessions";
import { getDatabase } from "#app/db/connect.server";
import { retryOnConnectionLoss } from "#app/db/connection-loss";
import { openFailureOf } from "#app/domain/readiness";
import { DATABASE_UNAVAILABLE } from "#app/api/app";
import { cookieSecureSetting, idleTimeoutMs, logoutGraceMs, outboxDir, publicUrl } from "#app/server/config.server";
import { serverIdleLimitMs } from "#app/domain/session-timing";
import { loadFlags } from "#app/server/flags.server";
import { createMailer } from "#app/server/mail.server";

export function loadApiConfig(): ApiConfig {
  return {
    sessionIdleMs: serverIdleLimitMs(idleTimeoutMs(), logoutGraceMs()),
    publicUrl: publicUrl(),
    secureCookies: cookieSecureSetting(),
    allowFlagOverride: process.env.ALLOW_FLAG_OVERRIDE === "1",
    flags: loadFlags(),
  };
}

/**
 * The API this process serves, and the session look-up its middleware does, for the in-process
 * client. Both try a read once more when the database connection was lost (fetchApi).
 */
export interface InProcessApi {
  app: Api;
  /** Its database, for /readyz (app/lib/readiness.server.ts): the one the API runs on. */
  db: ApiDeps["db"];
  fetch(request: Request, env?: Parameters<Api["fetch"]>[1]): Promise<Response>;
  resolveCaller(token: string): Promise<Actor | null>;
}

const around = (app: Api, deps: ApiDeps): InProcessApi => ({
  app,
  db: deps.db,
  fetch: (request, env) => fetchApi(app, request, env),
  resolveCaller: (token) => retryOnConnectionLoss(() => resolveCaller(deps, token), "session look-up"),
});

let shared: Promise<InProcessApi> | undefined;

/**
 * The process's API, built once around the shared database. A failure is not kept: a server
 * started while its database was out of reach kept that rejection, and every page and /readyz
 * failed until it was restarted; the next call tries again, as getDatabase does.
 */
export function inProcessApi(): Promise<InProcessApi> {
  shared ??= getDatabase()
    .then(({ db }) => {
      const deps: ApiDeps = { db, config: loadApiConfig(), mailer: createMailer(process.env, outboxDir()), now: () => new Date() };
      const app = createApi(deps);
      // The access log's writer: pruning, and its last rows written when the server stops.
      runRecordAccess(deps);
      return around(app, deps);
    })
    .catch((err: unknown) => {
      shared = undefined;
      throw err;
    });
  return shared;
}

/**
 * The process's API, or the answer to give when its database cannot be opened: out of reach (as
 * /readyz tells it, openFailureOf) is the API's 503 and message, as a query's lost connection is,
 * not a 500. A failed migration is thrown.
 */
export async function openedApi(): Promise<InProcessApi | Response> {
  try {
    return await inProcessApi();
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (openFailureOf(message) !== "unreachable") throw err;
    console.warn(`[api] the database could not be opened: ${message}`);
    return databaseUnavailable();
  }
}

/** The API's answer when its database is out of reach, for callers outside the API's own error handling. */
export const databaseUnavailable = () => Response.json({ message: DATABASE_UNAVAILABLE }, { status: 503, headers: { "Retry-After": "1" } });

/** For tests: loaders and actions call this API (built around a test database) instead of the process's own. */
export function setApiAppForTests(app: Api, deps: ApiDeps): void {
  shared = Promise.resolve(around(app, deps));
}

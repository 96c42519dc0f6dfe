import { createApi, type Api } from "#app/api/app";
import type { ApiConfig } from "#app/api/env";
import { getDatabase } from "#app/db/connect.server";
import { idleTimeoutMs, logoutGraceMs, outboxDir, publicUrl, secureCookies } from "#app/server/config.server";
import { loadFlags } from "#app/server/flags.server";
import { createMailer } from "#app/server/mail.server";

export function loadApiConfig(): ApiConfig {
  return {
    sessionIdleMs: idleTimeoutMs() + logoutGraceMs(),
    publicUrl: publicUrl(),
    secureCookies: secureCookies(),
    allowFlagOverride: process.env.ALLOW_FLAG_OVERRIDE === "1",
    flags: loadFlags(),
  };
}

let shared: Promise<Api> | undefined;

/** The process's API, built once around the shared database. */
export function getApiApp(): Promise<Api> {
  shared ??= getDatabase().then(({ db }) =>
    createApi({ db, config: loadApiConfig(), mailer: createMailer(process.env, outboxDir()), now: () => new Date() }),
  );
  return shared;
}

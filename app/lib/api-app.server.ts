import { createApi, type Api } from "#app/api/app";
import { getDatabase } from "#app/db/connect.server";
import { loadApiConfig, outboxDir } from "./config.server";
import { createMailer } from "./mail.server";

let shared: Promise<Api> | undefined;

/** The process's API, built once around the shared database. */
export function getApiApp(): Promise<Api> {
  shared ??= getDatabase().then(({ db }) =>
    createApi({ db, config: loadApiConfig(), mailer: createMailer(process.env, outboxDir()), now: () => new Date() }),
  );
  return shared;
}

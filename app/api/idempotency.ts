import { unskippable } from "#app/db/request-scope";
import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import {
  claimIdempotencyKey,
  deleteIdempotencyKey,
  deleteIdempotencyKeysBefore,
  dropUnansweredClaim,
  findIdempotencyKey,
  storeIdempotentAnswer,
} from "#app/db/queries/idempotency";
import type { ApiEnv } from "./env";
import { ApiError } from "./errors";

// Idempotency keys on the create calls (issue 13 item 5). A form posted twice before JavaScript
// loads (a double click on Save) sends the same request twice; every create form carries a key
// the server generated when it rendered the dialog, and the UI passes it on as the
// `Idempotency-Key` header. For one caller and one key:
//   - the first request claims the key (a row in idempotency_key) and runs; a success is stored;
//   - a repeat gets the stored answer again (with `Idempotent-Replayed: true`) and writes nothing;
//     a repeat that arrives while the first still runs waits for its answer;
//   - a failure is not stored (the claim is dropped), so the same key may try again once the
//     input is fixed: a refused create wrote nothing that a retry could duplicate;
//   - the key used for a different request (path or body) is refused (422); a blank key too (400).
//     Over HTTP a blank key arrives as an empty header, which remix-serve's adapter dropped before
//     the app saw it (issue 33); patches/@remix-run+express+2.17.5.patch keeps it.
// Calls without the header behave as before. Rows are kept a day.
//
// Score saves honour it too (issue 40 item 1): a save the browser kept while the network was down
// is sent again, perhaps more than once, when the connection returns; a repeat must neither add a
// second test nor, for an update, meet its own first save as a 'changed meanwhile' conflict.

/** The create calls that honour the header (paths under /api). */
export const IDEMPOTENT_CREATES: readonly string[] = ["/organization", "/organizationUnit", "/user", "/participantGroups", "/participants"];

/** The score saves that honour it: letter scores created or changed by hand, a RAN score, a progress probe. */
export const IDEMPOTENT_SAVES: readonly { method: "POST" | "PUT"; path: RegExp }[] = [
  { method: "POST", path: /^\/participantTest\/manual$/ },
  { method: "PUT", path: /^\/participantTest\/manual$/ },
  { method: "PUT", path: /^\/participantTest\/addScoreToQuestionResponse\/[^/]+$/ },
  // A progress probe (issue 39 item 5): its form carries a key, so a double submit saves once.
  { method: "POST", path: /^\/participant\/[^/]+\/probes$/ },
];

/** Whether a call honours the Idempotency-Key header. */
export function honoursIdempotencyKey(method: string, path: string): boolean {
  if (method === "POST" && IDEMPOTENT_CREATES.includes(path)) return true;
  return IDEMPOTENT_SAVES.some((s) => s.method === method && s.path.test(path));
}

export const IDEMPOTENCY_MESSAGES = {
  blank: "Idempotency-Key must not be blank.",
  tooLong: "Idempotency-Key must be at most 255 characters.",
  otherRequest: "This Idempotency-Key was already used for a different request.",
  inProgress: "A request with this Idempotency-Key is still in progress. Try again in a moment.",
} as const;

const MAX_KEY_LENGTH = 255;
/** A claim older than this belongs to a request that died (a restart mid-request): it may be taken over. */
const ABANDONED_AFTER_MS = 60_000;
/** How long a repeat waits for the first request's answer before giving up with 409. */
const WAIT_MS = 30_000;
const POLL_MS = 25;
const KEEP_MS = 24 * 60 * 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const idempotency: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const header = c.req.header("idempotency-key");
  const path = c.req.path.replace(/^\/api(?=\/)/, "");
  if (header === undefined || !honoursIdempotencyKey(c.req.method, path)) return next();
  const key = header.trim();
  if (!key) throw new ApiError(400, IDEMPOTENCY_MESSAGES.blank);
  if (key.length > MAX_KEY_LENGTH) throw new ApiError(400, IDEMPOTENCY_MESSAGES.tooLong);
  // Without a caller the route answers 401 itself; keys are per caller, so there is nothing to keep.
  const actor = c.var.actor;
  if (!actor) return next();

  const { db, now } = c.var.deps;
  const fingerprint = createHash("sha256")
    .update(`${c.req.method} ${path}\n${await c.req.text()}`)
    .digest("base64url");
  const mine = { user_id: actor.userId, idempotency_key: key };

  const started = Date.now();
  while (!(await claimIdempotencyKey(db, mine, fingerprint, now()))) {
    const row = await findIdempotencyKey(db, mine);
    // Gone between the insert and this read: its request failed and dropped the claim; claim again.
    if (!row) continue;
    if (row.fingerprint !== fingerprint) throw new ApiError(422, IDEMPOTENCY_MESSAGES.otherRequest);
    if (row.status !== null) {
      return new Response(row.body, {
        status: row.status,
        headers: { "content-type": row.content_type ?? "application/json", "idempotent-replayed": "true" },
      });
    }
    if (now().getTime() - new Date(row.created_at).getTime() > ABANDONED_AFTER_MS) {
      await dropUnansweredClaim(db, mine);
      continue;
    }
    if (Date.now() - started > WAIT_MS) throw new ApiError(409, IDEMPOTENCY_MESSAGES.inProgress);
    await sleep(POLL_MS);
  }

  // The save, and then its answer (or the drop of a failed claim), run to the end, in the visitor's
  // place in the embedded database's queue, even when the visitor has gone meanwhile (a tab closed,
  // a save the browser gave up on). There the queries of an abandoned request are skipped: a save
  // cut off after its write had committed dropped its claim, and the retry with the same key then
  // met that write as someone else's change (or, with the answer unstored, waited and saved twice).
  let kept = false;
  try {
    await unskippable(() => next());
    if (c.res.status >= 200 && c.res.status < 300) {
      const answer = { status: c.res.status, contentType: c.res.headers.get("content-type"), body: await c.res.clone().text(), now: now() };
      await unskippable(() => storeIdempotentAnswer(db, mine, answer));
      kept = true;
    }
  } finally {
    // A refused or failed create wrote nothing: drop the claim so the key may try again.
    if (!kept) await unskippable(() => deleteIdempotencyKey(db, mine));
  }
  if (Math.random() < 0.01) {
    await deleteIdempotencyKeysBefore(db, new Date(now().getTime() - KEEP_MS));
  }
};

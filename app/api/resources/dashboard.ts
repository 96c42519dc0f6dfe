import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { insertAuditRow } from "#app/db/queries/audit";
import { findSignInUser, lockAuthStatus, markActive, replacePasswordHash, setOwnPassword } from "#app/db/queries/sign-in";
import { newPassword } from "#app/domain/account-forms";
import { text, TEXT_MAX } from "#app/domain/text";
import { ApiError } from "../errors";
import { ErrorBody, errorResponses, jsonBody, jsonResponse, type ApiEnv, type Router } from "../env";
import { CurrentUser, toCurrentUser } from "../mappers";
import { consumeCode, consumeCodeByValue, issueCode } from "../one-time-codes";
import {
  HASHING_BUSY,
  HASHING_RETRY_AFTER_SECONDS,
  type HashingPlace,
  hashPassword,
  needsRehash,
  passwordHashing,
  verifyPassword,
} from "../password";
import { retryAfterSeconds, SIGN_IN_DEVICES_MAX, SIGN_IN_SLOWDOWN, tooManyAttempts } from "#app/domain/rate-limit";
import { clear, clientIp, knownDevice, release, reserveSignIn, signInDeviceToken, signInWaitMs, type Reservation } from "../rate-limit";
import { requireActor } from "../scope";
import { createSession, resolveSession, revokeSession } from "../sessions";

const LoginBody = z
  .object({
    username: text(TEXT_MAX.email, { label: "Email", trim: true }).min(1, "Please enter your email address"),
    password: text(TEXT_MAX.password, { label: "Password" }).optional(),
    newpassword: newPassword.optional().openapi({
      description: "A new password: the checklist's rules (12 characters, upper and lower case, a number, a symbol), not a common one.",
    }),
    challenge: text(TEXT_MAX.code, { label: "challenge" })
      .min(1)
      .optional()
      .openapi({ description: "The `challenge` of a 412 answer: sent with `newpassword` instead of the temporary password." }),
    devices: z
      .array(text(TEXT_MAX.code, { label: "device" }))
      .max(SIGN_IN_DEVICES_MAX)
      .optional()
      .openapi({
        description:
          "The `device` tokens of earlier sign-ins in this browser (a few accounts may share one): with the one made for this " +
          "account, only this browser's own failures slow its attempts down, not the account's.",
      }),
  })
  .openapi("LoginRequest");

const LoginAnswer = z
  .object({
    token: z.string(),
    user: CurrentUser,
    device: z
      .string()
      .optional()
      .openapi({ description: "This browser's token for this account, to send in `devices` at its next sign-ins (keep it private)." }),
  })
  .openapi("LoginAnswer");

const login = createRoute({
  method: "post",
  path: "/dashboard/login",
  summary: "Sign in with email and password",
  description:
    "Answers a session token (a new one at every sign-in). 412 means the account has a temporary password: send " +
    "`{username, password, newpassword}`, or `{username, challenge, newpassword}` with the one-time `challenge` of the " +
    "412 answer (valid 10 minutes, single use), so a UI need not keep the temporary password between two pages. " +
    `Failed sign-ins slow the account down: after ${SIGN_IN_SLOWDOWN.freeFailures} in 15 minutes each further attempt waits, since ` +
    `the last failure, ${SIGN_IN_SLOWDOWN.firstDelayMs / 1000} s doubled at each failure up to ${SIGN_IN_SLOWDOWN.maxDelayMs / 1000} s ` +
    "(a right password is accepted once the wait has passed; a browser that sends this account's `device` token waits only for its " +
    "own failures). Failures per client address are limited to 50 in 15 minutes (the socket's address or the hop a trusted proxy " +
    "appended, never a client's X-Forwarded-For). Either answers 429 with Retry-After (seconds) and the wait in the message; " +
    "counted atomically, so requests sent at once get no more checks than requests sent one by one. A server busy checking " +
    "other passwords answers 503 with Retry-After (seconds) before checking this one.",
  security: [],
  request: { body: jsonBody(LoginBody) },
  responses: {
    200: jsonResponse(LoginAnswer, "Signed in"),
    400: errorResponses[400],
    401: errorResponses[401],
    412: jsonResponse(
      z.object({ message: z.string(), challenge: z.string() }).openapi("NewPasswordRequired"),
      "A new password is required",
    ),
    429: {
      description: "Too many recent failures: nothing was checked; try again after Retry-After seconds (the message says the wait)",
      headers: z.object({ "Retry-After": z.string().openapi({ description: "Seconds to wait" }) }),
      content: { "application/json": { schema: ErrorBody } },
    },
    503: {
      description: "Busy checking other sign-ins: nothing was checked; try again after Retry-After seconds",
      headers: z.object({ "Retry-After": z.string().openapi({ description: "Seconds to wait" }) }),
      content: { "application/json": { schema: ErrorBody } },
    },
  },
});

const SsoLoginAnswer = z
  .object({
    error: z.string().nullable(),
    data: z.object({ email: z.string() }).nullable(),
    token: z.string().optional(),
    user: CurrentUser.optional(),
  })
  .openapi("SsoLoginAnswer");

const ssoLogin = createRoute({
  method: "post",
  path: "/dashboard/login/sso",
  summary: "Exchange a single sign-on code for a session",
  description:
    "The `code` that /auth/login/{provider}/{clientId} sent to the callback, with the `binding` of the browser that started " +
    "(a code shown with another browser's value is refused: no login CSRF); single use, valid 2 minutes. A user whose " +
    "authStatus was None or Pending becomes Active: the provider vouched for the email.",
  security: [],
  request: {
    body: jsonBody(
      z
        .object({
          code: text(TEXT_MAX.code, { label: "code" }).min(1),
          binding: text(TEXT_MAX.code, { label: "binding" })
            .min(1)
            .openapi({ description: "The `sso_flow` cookie of the browser that started the sign-on: the code works only with it." }),
        })
        .openapi("SsoLoginRequest"),
    ),
  },
  responses: {
    200: jsonResponse(SsoLoginAnswer, "Signed in"),
    400: errorResponses[400],
    401: jsonResponse(SsoLoginAnswer, "Unknown, used or expired code"),
  },
});

const currentUser = createRoute({
  method: "get",
  path: "/dashboard/current-user",
  summary: "The signed-in user",
  responses: { 200: jsonResponse(CurrentUser, "The user"), 401: errorResponses[401] },
});

const logout = createRoute({
  method: "post",
  path: "/dashboard/logout",
  summary: "Revoke the caller's session",
  responses: { 204: { description: "Signed out" }, 401: errorResponses[401] },
});

export const INCORRECT_LOGIN = "Incorrect email or password.";

/** Every place of the hashing queue is taken: 503, and when to try again, before anything is hashed. */
const busy = (c: Context<ApiEnv>) => c.json({ message: HASHING_BUSY }, 503, { "Retry-After": String(HASHING_RETRY_AFTER_SECONDS) });

/** The sign-in must wait before it is checked: 429 with the wait, in the message and in Retry-After. */
const mustWait = (c: Context<ApiEnv>, waitMs: number) =>
  c.json({ message: tooManyAttempts(waitMs) }, 429, { "Retry-After": String(retryAfterSeconds(waitMs)) });

/** A fresh token for every sign-in, and the user it belongs to. */
async function startSession(c: Context<ApiEnv>, userId: string) {
  const { db, config, now } = c.var.deps;
  const token = await createSession(db, userId, {
    userAgent: c.req.header("user-agent") ?? null,
    ip: clientIp(c),
    now: now(),
  });
  const actor = await resolveSession(db, token, config.sessionIdleMs, now(), config.sessionMaxAgeMs);
  if (!actor) throw new ApiError(500, "Session could not be created");
  return { token, user: toCurrentUser(actor) };
}

/**
 * A user who signed in by single sign-on has a working account: None or Pending becomes Active
 * (issue 13 item 14), so administrators stop seeing 'Invite User' or 'Pending' for them. The
 * provider vouched for the email, as the set-password link does for an invitation.
 */
async function activateBySso(c: Context<ApiEnv>, userId: string) {
  const { db, now } = c.var.deps;
  await db.transaction().execute(async (tx) => {
    const before = await lockAuthStatus(tx, userId);
    if (!before || before === "Active") return;
    await markActive(tx, userId, now());
    await insertAuditRow(tx, {
      actorUserId: userId,
      action: "sso-activated",
      entityType: "user",
      entityId: userId,
      details: { from: before, to: "Active" },
    });
  });
}

export function registerDashboard(app: Router) {
  app.openapi(login, async (c) => {
    const { db, now } = c.var.deps;
    const body = c.req.valid("json");
    const email = body.username.toLowerCase();
    const ip = clientIp(c);
    // A browser that signed in to this account before is slowed down by its own failures only (issue 35 item 14).
    const device = body.devices?.length ? knownDevice(email, body.devices) : null;
    const accountBucket = device ? `login:device:${device}` : `login:account:${email}`;
    const checksPassword = body.challenge === undefined;
    if (!checksPassword && !body.newpassword) throw new ApiError(400, "Please enter your password");
    if (checksPassword && !body.password) throw new ApiError(400, "Please enter your password");
    // A place in the hashing queue first (issue 33 item 4): a full queue refuses at once, before
    // any hashing or any work in the database, and the refusal does not count against the limits.
    // A sign-in that must wait is told so before it takes a place, so an address past its limit
    // cannot fill the queue for everyone else (a cheap read; reserveSignIn below decides).
    let place: HashingPlace | null = null;
    if (checksPassword) {
      if (passwordHashing.full) return busy(c);
      const waitMs = await signInWaitMs(db, accountBucket, ip, now());
      if (waitMs > 0) return mustWait(c, waitMs);
      if (passwordHashing.full) return busy(c);
      place = passwordHashing.admit();
    }
    // Failures only count (issue 14), per account and per address. The attempt takes its place in
    // both before the password is checked, in one atomic step (issue 33 item 3: 30 wrong passwords
    // sent at once were all checked against a limit of 10), and gives it back unless it fails. The
    // account's failures slow it down (issue 35 item 14); they never lock its owner out.
    let reservation: Reservation | null = null;
    let user: Awaited<ReturnType<typeof findSignInUser>>;
    let proven = false;
    try {
      const gate = await reserveSignIn(db, accountBucket, ip, now());
      if (gate.waitMs !== undefined) {
        place?.leave();
        place = null;
        return mustWait(c, gate.waitMs);
      }
      reservation = gate.reservation;
      user = await findSignInUser(db, email);
      if (!checksPassword) {
        // The second step of a temporary-password sign-in: the challenge stands for the password.
        const used = user ? await consumeCode(db, { purposes: ["new-password"], email, code: body.challenge!, now: now() }) : null;
        proven = Boolean(used && used.userId === user?.user_id && user?.password_is_temporary);
      } else {
        // Verified even when there is no account or no password (a hash of a random secret then),
        // so the answer takes as long whether or not the email has an account (issue 14).
        const queued = place!;
        place = null; // verifyPassword frees it
        const matches = await verifyPassword(body.password!, user?.password_hash ?? null, queued);
        proven = Boolean(user && matches);
      }
    } catch (error) {
      place?.leave();
      // Nothing was checked: the attempt does not count.
      if (reservation) {
        await release(db, reservation).catch((e: unknown) => console.warn(`[sign-in] a limit's place was not given back: ${String(e)}`));
      }
      throw error;
    }
    // The same answer for an unknown email and a wrong password, so neither is revealed; the failure keeps its places.
    if (!user || !proven) throw new ApiError(401, INCORRECT_LOGIN);
    await release(db, reservation);
    await clear(db, accountBucket);
    // A hash made at an older cost is replaced now that the password is known (issue 14: scrypt at N=2^17).
    if (body.password && !user.password_is_temporary && needsRehash(user.password_hash)) {
      await replacePasswordHash(db, user.user_id, user.password_hash!, await hashPassword(body.password));
    }
    if (user.password_is_temporary) {
      if (!body.newpassword) {
        const challenge = await issueCode(db, { purpose: "new-password", email: user.email, userId: user.user_id, now: now() });
        return c.json({ message: "New password required", challenge }, 412);
      }
      await setOwnPassword(db, user.user_id, await hashPassword(body.newpassword), now());
    }
    return c.json({ ...(await startSession(c, user.user_id)), device: signInDeviceToken(email, device ?? undefined) }, 200);
  });

  app.openapi(ssoLogin, async (c) => {
    const { db, now } = c.var.deps;
    const { code, binding } = c.req.valid("json");
    const used = await consumeCodeByValue(db, { purpose: "sso", code, binding, now: now() });
    if (!used?.userId) return c.json({ error: "Invalid or expired code", data: null, message: "Invalid or expired code" }, 401);
    await activateBySso(c, used.userId);
    const session = await startSession(c, used.userId);
    return c.json({ error: null, data: { email: session.user.email }, ...session }, 200);
  });

  app.openapi(currentUser, async (c) => c.json(toCurrentUser(requireActor(c.var.actor)), 200));

  app.openapi(logout, async (c) => {
    const actor = requireActor(c.var.actor);
    await revokeSession(c.var.deps.db, actor.sessionId, c.var.deps.now());
    return c.body(null, 204);
  });
}

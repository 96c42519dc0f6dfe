import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { ForgotPasswordForm, RegisterForm, ResetPasswordFields } from "#app/domain/account-forms";
import { text, TEXT_MAX } from "#app/domain/text";
import { isOn } from "#app/server/flags.server";
import { errorResponses, jsonBody, jsonResponse, type ApiEnv, type Router } from "../env";
import { ApiError } from "../errors";
import { CODE_TTL_MS, consumeCode, issueCode } from "../one-time-codes";
import { hashPassword } from "../password";
import { clientIp, hit, LIMITS, prune } from "../rate-limit";
import { assertManageableUser, requireActor } from "../scope";
import { loadAccess } from "../sessions";

// Account flows that do not need a session (forgot password, reset, registration) and the
// invite calls of user management. Codes are emailed; only their hashes are stored.

export const RESET_FAILED = "Unable to reset password. Please try again.";
export const REGISTER_MESSAGES = {
  unknownUser: "unknown user",
  unavailableUser: "unavailable user",
  unknownStatus: "unknown userstatus",
} as const;

// The account pages' form schemas (app/domain/account-forms.ts) are the bodies: the same rules
// and texts whether a page or another client calls, and the one e-mail rule (app/domain/email.ts)
// the user form uses, the email trimmed and lowercased.

const NoContent = { 204: { description: "Done (no body)" } } as const;
const TooMany = { 429: jsonResponse(z.object({ message: z.string() }), "Too many attempts") } as const;

const forgotPassword = createRoute({
  method: "post",
  path: "/dashboard/forgot-password",
  summary: "Email a password reset code",
  description:
    "Always 204 for a well-formed email, whether or not an account has it (existence is never revealed). A live account gets " +
    "an email with an 8-character code and a link to /reset-password; the code is valid 30 minutes, single use, and stops " +
    "working after 5 wrong tries. Limited to 5 per email and 30 per client address an hour (429).",
  security: [],
  request: { body: jsonBody(ForgotPasswordForm.openapi("ForgotPasswordRequest")) },
  responses: { ...NoContent, 400: errorResponses[400], ...TooMany },
});

const forgotPasswordNew = createRoute({
  method: "post",
  path: "/dashboard/forgot-password/new",
  summary: "Set a new password with an emailed code",
  description:
    "Takes the code of a reset email or of an invitation. Sets the password, marks the user Active and signs out every " +
    `session of theirs. Any failure answers 400 '${RESET_FAILED}'.`,
  security: [],
  request: {
    body: jsonBody(ResetPasswordFields.openapi("ResetPasswordRequest")),
  },
  responses: { ...NoContent, 400: errorResponses[400], ...TooMany },
});

const registerUser = createRoute({
  method: "post",
  path: "/registerUser",
  summary: "Self-registration by email",
  description:
    "With flag new-user-password-registration on, a user an administrator created who was never invited (authStatus None) " +
    "gets an email with a link to set their password and becomes Pending. Otherwise the message says why: " +
    "'unknown user' (no such user, or registration is off), 'unavailable user' (already Pending or Active: sign in or reset " +
    "the password), 'unknown userstatus' (an account registration cannot finish: a temporary password is set, or no role).",
  security: [],
  request: { body: jsonBody(RegisterForm.openapi("RegisterUserRequest")) },
  responses: {
    ...NoContent,
    400: errorResponses[400],
    404: errorResponses[404],
    409: jsonResponse(z.object({ message: z.string() }), "unavailable user / unknown userstatus"),
    ...TooMany,
  },
});

const EmailParam = z.object({
  email: text(TEXT_MAX.email, { label: "email" })
    .min(1)
    .openapi({ param: { name: "email", in: "path" } }),
});

const inviteUser = createRoute({
  method: "post",
  path: "/user/inviteUser/{email}",
  summary: "Invite a user (None to Pending)",
  description:
    "Emails a link to set a password (valid 7 days) and moves the user from None to Pending. Finishing the link makes them " +
    "Active. For super admins, district admins and school admins within their scope.",
  request: { params: EmailParam },
  responses: { ...NoContent, ...errorResponses, 409: jsonResponse(z.object({ message: z.string() }), "Already active") },
});

const resendInvite = createRoute({
  method: "post",
  path: "/user/resendInvite/{email}",
  summary: "Send a Pending user a new invitation",
  description: "A new link replaces the earlier one.",
  request: { params: EmailParam },
  responses: { ...NoContent, ...errorResponses, 409: jsonResponse(z.object({ message: z.string() }), "Not pending") },
});

const updateAuthStatus = createRoute({
  method: "put",
  path: "/user/updateAuthStatus",
  summary: "Set a user's auth status",
  request: {
    body: jsonBody(
      z.object({ userId: z.string().uuid(), authStatus: z.enum(["None", "Pending", "Active"]) }).openapi("UpdateAuthStatusRequest"),
    ),
  },
  responses: { ...NoContent, ...errorResponses },
});

function resetLink(publicUrl: string, email: string, code: string, invite: boolean) {
  const url = new URL("/reset-password", publicUrl);
  url.searchParams.set("email", email);
  url.searchParams.set("code", code);
  if (invite) url.searchParams.set("invite", "1");
  return url.toString();
}

async function sendSetPasswordMail(
  c: Context<ApiEnv>,
  user: { user_id: string; email: string; first_name: string },
  kind: "invite" | "register",
) {
  const { db, mailer, config, now } = c.var.deps;
  const code = await issueCode(db, { purpose: "invite", email: user.email, userId: user.user_id, now: now() });
  const days = CODE_TTL_MS.invite / 86_400_000;
  await mailer.send({
    to: user.email,
    subject: kind === "invite" ? "You're invited to Early Literacy Screening" : "Finish your Early Literacy Screening registration",
    text:
      `Hello ${user.first_name},\n\n` +
      (kind === "invite"
        ? "You have been invited to the Early Literacy Screening dashboard.\n\n"
        : "We received a registration request for this email address.\n\n") +
      `Set your password here: ${resetLink(config.publicUrl, user.email, code, true)}\n\n` +
      `Your verification code: ${code}\n\nThe link expires in ${days} days.\n`,
  });
}

async function audit(c: Context<ApiEnv>, actorId: string | null, action: string, userId: string, details?: unknown) {
  await c.var.deps.db
    .insertInto("audit_log")
    .values({
      actor_user_id: actorId,
      action,
      entity_type: "user",
      entity_id: userId,
      details: details === undefined ? null : JSON.stringify(details),
    })
    .execute();
}

/** Per-address and per-email limits on calls that send mail or check codes. */
async function limitMail(c: Context<ApiEnv>, action: string, email: string | null) {
  const { db, now } = c.var.deps;
  const ip = clientIp(c);
  if (ip) await hit(db, `mail:ip:${ip}`, LIMITS.mailIp, now());
  if (email) await hit(db, `${action}:account:${email}`, LIMITS.mailAccount, now());
  if (Math.random() < 0.01) await prune(db, now());
}

const liveUserByEmail = (c: Context<ApiEnv>, email: string) =>
  c.var.deps.db
    .selectFrom("app_user")
    .selectAll()
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email))
    .where("deleted_at", "is", null)
    .executeTakeFirst();

export function registerAccounts(app: Router) {
  app.openapi(forgotPassword, async (c) => {
    const { db, mailer, config, now } = c.var.deps;
    const { email } = c.req.valid("json");
    await limitMail(c, "forgot", email);
    const user = await liveUserByEmail(c, email);
    if (user) {
      const code = await issueCode(db, { purpose: "password-reset", email: user.email, userId: user.user_id, now: now() });
      try {
        await mailer.send({
          to: user.email,
          subject: "Reset your Early Literacy Screening password",
          text:
            `Hello ${user.first_name},\n\nYour verification code: ${code}\n\n` +
            `Or choose a new password here: ${resetLink(config.publicUrl, user.email, code, false)}\n\n` +
            `The code expires in ${CODE_TTL_MS["password-reset"] / 60_000} minutes. If you did not ask for it, ignore this email.\n`,
        });
      } catch (err) {
        // The answer stays the same, so a failing mail server does not reveal that the account exists.
        console.error(`[mail] reset email to ${user.email} failed: ${(err as Error).message}`);
      }
    }
    return c.body(null, 204);
  });

  app.openapi(forgotPasswordNew, async (c) => {
    const { db, now } = c.var.deps;
    const body = c.req.valid("json");
    await limitMail(c, "reset", null);
    const used = await consumeCode(db, { purposes: ["password-reset", "invite"], email: body.email, code: body.code, now: now() });
    if (!used?.userId) throw new ApiError(400, RESET_FAILED);
    const changed = await db
      .updateTable("app_user")
      .set({ password_hash: await hashPassword(body.password), password_is_temporary: false, auth_status: "Active", updated_at: now() })
      .where("user_id", "=", used.userId)
      .where("deleted_at", "is", null)
      .returning("user_id")
      .executeTakeFirst();
    if (!changed) throw new ApiError(400, RESET_FAILED);
    // A new password ends every open session: whoever knew the old one is out.
    await db.updateTable("session").set({ revoked_at: now() }).where("user_id", "=", used.userId).where("revoked_at", "is", null).execute();
    await audit(c, null, used.purpose === "invite" ? "invite-accepted" : "password-reset", used.userId);
    return c.body(null, 204);
  });

  app.openapi(registerUser, async (c) => {
    const { email } = c.req.valid("json");
    await limitMail(c, "register", email);
    if (!isOn(c.var.flags, "new-user-password-registration")) throw new ApiError(404, REGISTER_MESSAGES.unknownUser);
    const user = await liveUserByEmail(c, email);
    if (!user) throw new ApiError(404, REGISTER_MESSAGES.unknownUser);
    const { role } = await loadAccess(c.var.deps.db, user.user_id);
    if (user.password_is_temporary || role === null) throw new ApiError(409, REGISTER_MESSAGES.unknownStatus);
    if (user.auth_status !== "None") throw new ApiError(409, REGISTER_MESSAGES.unavailableUser);
    await sendSetPasswordMail(c, user, "register");
    await c.var.deps.db
      .updateTable("app_user")
      .set({ auth_status: "Pending", updated_at: c.var.deps.now() })
      .where("user_id", "=", user.user_id)
      .execute();
    await audit(c, null, "register", user.user_id);
    return c.body(null, 204);
  });

  app.openapi(inviteUser, async (c) => {
    const actor = requireActor(c.var.actor);
    const { db, now } = c.var.deps;
    const user = await assertManageableUser(db, actor, { email: c.req.valid("param").email });
    if (user.auth_status === "Active") throw new ApiError(409, "User is already active");
    await sendSetPasswordMail(c, user, "invite");
    await db.updateTable("app_user").set({ auth_status: "Pending", updated_at: now() }).where("user_id", "=", user.user_id).execute();
    await audit(c, actor.userId, "invite", user.user_id);
    return c.body(null, 204);
  });

  app.openapi(resendInvite, async (c) => {
    const actor = requireActor(c.var.actor);
    const user = await assertManageableUser(c.var.deps.db, actor, { email: c.req.valid("param").email });
    if (user.auth_status !== "Pending") throw new ApiError(409, "User has no pending invitation");
    await sendSetPasswordMail(c, user, "invite");
    await audit(c, actor.userId, "resend-invite", user.user_id);
    return c.body(null, 204);
  });

  app.openapi(updateAuthStatus, async (c) => {
    const actor = requireActor(c.var.actor);
    const { db, now } = c.var.deps;
    const body = c.req.valid("json");
    const user = await assertManageableUser(db, actor, { userId: body.userId });
    await db.updateTable("app_user").set({ auth_status: body.authStatus, updated_at: now() }).where("user_id", "=", user.user_id).execute();
    await audit(c, actor.userId, "update-auth-status", user.user_id, { from: user.auth_status, to: body.authStatus });
    return c.body(null, 204);
  });
}

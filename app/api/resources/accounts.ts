import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { setAuthStatus, setPasswordFromCode } from "#app/db/queries/accounts";
import { insertAuditRow } from "#app/db/queries/audit";
import { liveUserBy } from "#app/db/queries/scope";
import { revokeSessionsOf } from "#app/db/queries/sessions";
import { listStaffWithoutSignIn, lockStaffToInvite, markInvited, staffToInvite, withdrawInvitation } from "#app/db/queries/staff-invites";
import { ForgotPasswordForm, RegisterForm, ResetPasswordFields } from "#app/domain/account-forms";
import { PAGE_SIZE } from "#app/domain/paging";
import { SIGN_IN_STATES, signInState, type SignInState } from "#app/domain/staff-invites";
import { text, TEXT_MAX } from "#app/domain/text";
import { isOn } from "#app/server/flags.server";
import { errorResponses, jsonBody, jsonResponse, type ApiEnv, type Router } from "../env";
import { idParam } from "../params";
import { ApiError } from "../errors";
import { CODE_TTL_MS, consumeCode, issueCode, MAX_CODE_ATTEMPTS } from "../one-time-codes";
import { hashPassword } from "../password";
import { clientIp, hit, LIMITS, prune } from "../rate-limit";
import { assertManageableUser, assertOrganization, requireActor, requireCapability } from "../scope";
import { loadAccess } from "../sessions";

// Account flows that do not need a session (forgot password, reset, registration) and the
// invite calls of user management, one user or a district's rostered teachers at once. Codes are
// emailed; only their hashes are stored.

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

// Issue 35 item 7: a roster import creates teachers who cannot sign in until invited. A district's
// admins see who still cannot (count and names) and invite them all in one request.
const DistrictParam = idParam({ description: "organizationId (district)" });

const STAFF_SCOPE =
  "The district's rostered teachers: live accounts a roster import created or adopted (they carry the roster's sourcedId) " +
  "whose first role is teacher. Accounts made by hand, and any account with an admin role, are invited one by one " +
  "(POST /user/inviteUser/{email}).";

const StaffMember = z
  .object({
    userId: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    authStatus: z.enum(["None", "Pending", "Active"]),
    state: z.enum(SIGN_IN_STATES).openapi({
      description:
        "neverInvited: None, no invitation; invitationUnusable: Pending, but no link of theirs works any more (expired, " +
        "burned by wrong codes, or withdrawn); invitationSent: a link was mailed and still works",
    }),
  })
  .openapi("StaffWithoutSignIn");

const SignInCounts = z
  .object({ neverInvited: z.number().int(), invitationUnusable: z.number().int(), invitationSent: z.number().int() })
  .openapi("StaffSignInCounts");

const staffWithoutSignIn = createRoute({
  method: "get",
  path: "/organization/{id}/staff-without-sign-in",
  summary: "The district's rostered teachers who cannot sign in yet: counts, and the first names (district admins, super admins)",
  description: `${STAFF_SCOPE} Not Active means no sign-in yet. \`staff\` holds the first ${PAGE_SIZE} by last name; \`total\` counts all.`,
  request: { params: DistrictParam },
  responses: {
    200: jsonResponse(
      z
        .object({
          total: z.number().int().openapi({ description: "Every rostered teacher of the district who cannot sign in yet" }),
          toInvite: z
            .number()
            .int()
            .openapi({ description: "How many POST …/invite-uninvited would mail now (neverInvited + invitationUnusable)" }),
          counts: SignInCounts,
          staff: z.array(StaffMember).openapi({ description: `The first ${PAGE_SIZE} by last name, then first name` }),
          invitationDays: z.number().int().openapi({ description: "How long an invitation link works" }),
        })
        .openapi("StaffWithoutSignInList"),
      "Who cannot sign in yet",
    ),
    ...errorResponses,
  },
});

const InvitedStaff = z.object({ userId: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() });

const inviteUninvited = createRoute({
  method: "post",
  path: "/organization/{id}/invite-uninvited",
  summary:
    "Invite every rostered teacher of the district who cannot sign in and holds no working invitation (district admins, super admins)",
  description:
    `${STAFF_SCOPE} Each teacher who is not Active and has no invitation link that still works gets the invitation e-mail of ` +
    `POST /user/inviteUser (a link valid ${CODE_TTL_MS.invite / 86_400_000} days) and becomes Pending; each is audited as an invite. ` +
    "A teacher whose link still works is not mailed again: a new link would void the one they hold. So the request can be sent " +
    "twice (two clicks, two at once): the second mails nobody the first mailed. Once a link expires, the next request mails a new one. " +
    "An e-mail that cannot be sent takes its invitation back (the link stops working, the status returns) and is listed in `failed`.",
  request: { params: DistrictParam },
  responses: {
    200: jsonResponse(
      z
        .object({
          invited: z.array(InvitedStaff).openapi({ description: "Mailed now, by last name" }),
          failed: z.array(InvitedStaff).openapi({ description: "Their e-mail could not be sent: nothing changed for them" }),
          stillCannotSignIn: z
            .number()
            .int()
            .openapi({ description: "Rostered teachers who still cannot sign in (the invited among them, until they set a password)" }),
        })
        .openapi("InviteUninvitedResult"),
      "Who was invited",
    ),
    ...errorResponses,
  },
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
  const { db, now } = c.var.deps;
  const code = await issueCode(db, { purpose: "invite", email: user.email, userId: user.user_id, now: now() });
  await mailSetPassword(c, user, code, kind);
}

/** The e-mail with the link (and the code) that sets a password, for an invitation or a registration. */
async function mailSetPassword(c: Context<ApiEnv>, user: { email: string; first_name: string }, code: string, kind: "invite" | "register") {
  const { mailer, config } = c.var.deps;
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
  await insertAuditRow(c.var.deps.db, { actorUserId: actorId, action, entityType: "user", entityId: userId, details });
}

/** Per-address and per-email limits on calls that send mail or check codes. */
async function limitMail(c: Context<ApiEnv>, action: string, email: string | null) {
  const { db, now } = c.var.deps;
  const ip = clientIp(c);
  if (ip) await hit(db, `mail:ip:${ip}`, LIMITS.mailIp, now());
  if (email) await hit(db, `${action}:account:${email}`, LIMITS.mailAccount, now());
  if (Math.random() < 0.01) await prune(db, now());
}

/** An invitation link works until it expires, is used, or has taken MAX_CODE_ATTEMPTS wrong codes (consumeCode). */
const liveRule = (now: Date) => ({ now, maxAttempts: MAX_CODE_ATTEMPTS });

const liveUserByEmail = (c: Context<ApiEnv>, email: string) => liveUserBy(c.var.deps.db, { email });

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
    const changed = await setPasswordFromCode(db, used.userId, await hashPassword(body.password), now());
    if (!changed) throw new ApiError(400, RESET_FAILED);
    // A new password ends every open session: whoever knew the old one is out.
    await revokeSessionsOf(db, used.userId, now());
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
    await setAuthStatus(c.var.deps.db, user.user_id, "Pending", c.var.deps.now());
    await audit(c, null, "register", user.user_id);
    return c.body(null, 204);
  });

  app.openapi(inviteUser, async (c) => {
    const actor = requireActor(c.var.actor);
    const { db, now } = c.var.deps;
    const user = await assertManageableUser(db, actor, { email: c.req.valid("param").email });
    if (user.auth_status === "Active") throw new ApiError(409, "User is already active");
    await sendSetPasswordMail(c, user, "invite");
    await setAuthStatus(db, user.user_id, "Pending", now());
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

  app.openapi(staffWithoutSignIn, async (c) => {
    const actor = requireCapability(c.var.actor, "manageRosterImports");
    const { db, now } = c.var.deps;
    const org = await assertOrganization(db, actor, c.req.valid("param").id);
    const { counts, rows } = await listStaffWithoutSignIn(db, org.organization_id, liveRule(now()), PAGE_SIZE);
    const byState: Record<SignInState, number> = { neverInvited: 0, invitationUnusable: 0, invitationSent: 0 };
    for (const row of counts) byState[signInState(row.auth_status, row.live)!] += row.n;
    return c.json(
      {
        total: byState.neverInvited + byState.invitationUnusable + byState.invitationSent,
        toInvite: byState.neverInvited + byState.invitationUnusable,
        counts: byState,
        staff: rows.map((r) => ({
          userId: r.user_id,
          firstName: r.first_name,
          lastName: r.last_name,
          email: r.email,
          authStatus: r.auth_status,
          state: signInState(r.auth_status, r.live)!,
        })),
        invitationDays: CODE_TTL_MS.invite / 86_400_000,
      },
      200,
    );
  });

  app.openapi(inviteUninvited, async (c) => {
    const actor = requireCapability(c.var.actor, "manageRosterImports");
    const { db, now } = c.var.deps;
    const org = await assertOrganization(db, actor, c.req.valid("param").id);
    const invited: z.infer<typeof InvitedStaff>[] = [];
    const failed: z.infer<typeof InvitedStaff>[] = [];
    // One teacher at a time, each in its own short transaction: the e-mail is sent after the
    // commit, so no lock is held while a mail server answers.
    for (const userId of await staffToInvite(db, org.organization_id, liveRule(now()))) {
      const claimed = await db.transaction().execute(async (tx) => {
        const user = await lockStaffToInvite(tx, org.organization_id, userId, liveRule(now()));
        if (!user) return null;
        const code = await issueCode(tx, { purpose: "invite", email: user.email, userId: user.user_id, now: now() });
        await markInvited(tx, user.user_id, now());
        return { user, code };
      });
      if (!claimed) continue;
      const { user, code } = claimed;
      const named = { userId: user.user_id, firstName: user.first_name, lastName: user.last_name, email: user.email };
      try {
        await mailSetPassword(c, user, code, "invite");
      } catch (err) {
        console.error(`[mail] invitation to ${user.email} failed: ${(err as Error).message}`);
        await withdrawInvitation(db, user, user.auth_status, now());
        failed.push(named);
        continue;
      }
      await audit(c, actor.userId, "invite", user.user_id, { via: "invite-uninvited", from: user.auth_status });
      invited.push(named);
    }
    const { counts } = await listStaffWithoutSignIn(db, org.organization_id, liveRule(now()), 0);
    return c.json({ invited, failed, stillCannotSignIn: counts.reduce((n, r) => n + r.n, 0) }, 200);
  });

  app.openapi(updateAuthStatus, async (c) => {
    const actor = requireActor(c.var.actor);
    const { db, now } = c.var.deps;
    const body = c.req.valid("json");
    const user = await assertManageableUser(db, actor, { userId: body.userId });
    await setAuthStatus(db, user.user_id, body.authStatus, now());
    await audit(c, actor.userId, "update-auth-status", user.user_id, { from: user.auth_status, to: body.authStatus });
    return c.body(null, 204);
  });
}

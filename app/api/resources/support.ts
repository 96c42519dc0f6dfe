import { createRoute, z } from "@hono/zod-openapi";
import { insertSupportMessage, markSupportMessageMailed } from "#app/db/queries/support";
import { isSingleLine, singleLineMessage, SupportForm, supportMail } from "#app/domain/support-form";
import { text, TEXT_MAX } from "#app/domain/text";
import { ErrorBody, errorResponses, jsonBody, jsonResponse, type Router } from "../env";
import { clientIp, hit, LIMITS } from "../rate-limit";
import { requireActor } from "../scope";

// The contact form of /customer-support without a third-party script (issue 12 item 14): the
// message is kept in support_message, then mailed to SUPPORT_EMAIL through the app's mailer.
// A mail failure still answers 201 (the message is kept; mailed_at stays null for a resend).
// Limited per sender and per address (issue 33 item 9: 60 messages in 0.76 s); the subject and the
// page are single lines (a CR/LF in the subject wrote lines of its own into the outbox and the log).

/** Where support mail goes: SUPPORT_EMAIL, else the local support mailbox. */
export const supportAddress = () => process.env.SUPPORT_EMAIL || "support@localhost";

const SupportMessage = z.object({ supportMessageId: z.string(), createdAt: z.string(), mailed: z.boolean() }).openapi("SupportMessage");

const send = createRoute({
  method: "post",
  path: "/support/messages",
  tags: ["Support"],
  summary: "Send a message to customer support (any signed-in user); kept and mailed to support",
  request: {
    body: jsonBody(
      SupportForm.extend({
        page: text(TEXT_MAX.url, { label: "page" })
          .refine(isSingleLine, singleLineMessage("page"))
          .nullish()
          .openapi({ description: "the page the user wrote from" }),
      }).openapi("SupportMessageRequest"),
    ),
  },
  description:
    `At most ${LIMITS.supportSender.max} messages an hour per user and ${LIMITS.supportIp.max} per client address (429). ` +
    "Subject and page are single lines: control characters (line breaks included) are refused (400).",
  responses: {
    201: jsonResponse(SupportMessage, "Kept (and mailed unless mailed is false)"),
    ...errorResponses,
    429: jsonResponse(ErrorBody, "Too many messages"),
  },
});

export function registerSupport(app: Router) {
  app.openapi(send, async (c) => {
    const actor = requireActor(c.var.actor);
    const { db, mailer, now } = c.var.deps;
    const body = c.req.valid("json");
    const ip = clientIp(c);
    if (ip) await hit(db, `support:ip:${ip}`, LIMITS.supportIp, now());
    await hit(db, `support:sender:${actor.userId}`, LIMITS.supportSender, now());
    const name = `${actor.firstName} ${actor.lastName}`.trim();
    const row = await insertSupportMessage(db, {
      userId: actor.userId,
      name,
      email: actor.email,
      subject: body.subject,
      message: body.message,
      page: body.page ?? null,
      now: now(),
    });
    let mailed = false;
    try {
      const mail = supportMail({ ...body, name, email: actor.email, role: actor.role, page: body.page ?? null });
      await mailer.send({ to: supportAddress(), ...mail });
      await markSupportMessageMailed(db, row.support_message_id, now());
      mailed = true;
    } catch (error) {
      console.error("[support] mail failed; the message is kept", row.support_message_id, (error as Error).message);
    }
    return c.json({ supportMessageId: row.support_message_id, createdAt: new Date(row.created_at).toISOString(), mailed }, 201);
  });
}

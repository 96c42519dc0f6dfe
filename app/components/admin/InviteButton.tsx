import { Form } from "@remix-run/react";
import type { ApiSchema } from "#app/lib/api.server";

type User = ApiSchema<"User">;

/** Invite User (authStatus None) or Resend Invite (Pending); nothing for an active user (spec 000 §4). */
export function InviteButton({ user }: { user: Pick<User, "email" | "authStatus" | "firstName" | "lastName"> }) {
  if (user.authStatus === "Active") return null;
  const intent = user.authStatus === "None" ? "invite-user" : "resend-invite";
  const label = user.authStatus === "None" ? "Invite User" : "Resend Invite";
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="email" value={user.email} />
      <button type="submit" className="button button--small" aria-label={`${label}: ${user.firstName} ${user.lastName}`}>
        {label}
      </button>
    </Form>
  );
}

// Inviting the teachers a roster import brought, all at once (issue 35 item 7). Imports create
// teachers without a password (authStatus None): nobody can sign in until invited, and inviting
// them one by one does not scale to a district. These are the rules of who still cannot sign in,
// who an invitation of everyone mails, and the words the pages use (the specs give none).

import { STAFF_INVITE_LINK } from "./staff-invite-link";

export type AuthStatus = "None" | "Pending" | "Active";

/**
 * Why an account cannot sign in yet:
 * - neverInvited: None, no invitation outstanding;
 * - invitationUnusable: Pending, but no invitation link works any more (it expired after
 *   CODE_TTL_MS.invite, was burned by wrong codes, or an undo withdrew it);
 * - invitationSent: a link was mailed and still works; only its owner can finish it.
 */
export const SIGN_IN_STATES = ["neverInvited", "invitationUnusable", "invitationSent"] as const;
export type SignInState = (typeof SIGN_IN_STATES)[number];

/** The state of an account, or null when it can sign in (Active). `liveInvitation`: an invitation link of theirs still works. */
export function signInState(authStatus: AuthStatus, liveInvitation: boolean): SignInState | null {
  if (authStatus === "Active") return null;
  if (liveInvitation) return "invitationSent";
  return authStatus === "None" ? "neverInvited" : "invitationUnusable";
}

/**
 * Whether inviting everyone mails this account. An account whose link still works is not mailed
 * again: a new link would void the one it holds (only the latest code works), so a second click,
 * or a teacher opening yesterday's mail, would meet a dead link. Once the link expires
 * (CODE_TTL_MS.invite), inviting everyone mails a new one.
 */
export const needsInvitation = (state: SignInState | null): boolean => state === "neverInvited" || state === "invitationUnusable";

const teachers = (n: number) => `${n} ${n === 1 ? "teacher" : "teachers"}`;

export const STAFF_INVITE_TEXTS = {
  title: "Teachers who cannot sign in yet",
  /** The page's opening line, from the counts of each state. */
  summary: (counts: Record<SignInState, number>) => {
    const total = counts.neverInvited + counts.invitationUnusable + counts.invitationSent;
    if (total === 0) return "Every teacher from the district's roster imports can sign in.";
    const parts = [
      counts.neverInvited > 0 ? `${counts.neverInvited} never invited` : null,
      counts.invitationUnusable > 0 ? `${counts.invitationUnusable} whose invitation no longer works` : null,
      counts.invitationSent > 0 ? `${counts.invitationSent} invited who have not set a password yet` : null,
    ].filter((p): p is string => p !== null);
    return `${teachers(total)} from the district's roster imports cannot sign in yet: ${parts.join(", ")}.`;
  },
  state: {
    neverInvited: "Not invited",
    invitationUnusable: "Invitation no longer works",
    invitationSent: "Invited, password not set yet",
  } satisfies Record<SignInState, string>,
  question: (n: number) => `Send invitations to ${teachers(n)}?`,
  explain: (days: number) =>
    `Each gets an e-mail with a link to set their password, valid ${days} days. ` +
    "Teachers whose invitation still works are not e-mailed again.",
  button: "Send invitations",
  nobodyToInvite: "Nobody to invite: every teacher listed already has an invitation that works.",
  sent: (n: number) => (n === 0 ? "No invitations were sent: nobody was left to invite." : `Invitations sent to ${teachers(n)}.`),
  failed: (n: number, names: string) => `The invitation e-mail to ${teachers(n)} could not be sent: ${names}. Try again later.`,
  more: (n: number) => `…and ${n} more.`,
  /** The link to the page, from the rostering success page and the district's roster imports. */
  link: STAFF_INVITE_LINK,
} as const;

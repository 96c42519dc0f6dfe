import { describe, expect, it } from "vitest";
import { needsInvitation, signInState, STAFF_INVITE_TEXTS as T, type AuthStatus, type SignInState } from "./staff-invites";

describe("signInState and needsInvitation", () => {
  it.each<[AuthStatus, boolean, SignInState | null, boolean]>([
    ["None", false, "neverInvited", true],
    // None with a working link: someone set the status back by hand after an invitation.
    ["None", true, "invitationSent", false],
    ["Pending", true, "invitationSent", false],
    ["Pending", false, "invitationUnusable", true],
    ["Active", false, null, false],
    ["Active", true, null, false],
  ])("%s with a working link %s is %s; invited by 'invite everyone': %s", (status, live, state, invite) => {
    expect(signInState(status, live)).toBe(state);
    expect(needsInvitation(signInState(status, live))).toBe(invite);
  });
});

describe("texts", () => {
  it.each<[Record<SignInState, number>, string]>([
    [{ neverInvited: 0, invitationUnusable: 0, invitationSent: 0 }, "Every teacher from the district's roster imports can sign in."],
    [
      { neverInvited: 1, invitationUnusable: 0, invitationSent: 0 },
      "1 teacher from the district's roster imports cannot sign in yet: 1 never invited.",
    ],
    [
      { neverInvited: 9, invitationUnusable: 1, invitationSent: 2 },
      "12 teachers from the district's roster imports cannot sign in yet: 9 never invited, 1 whose invitation no longer works, " +
        "2 invited who have not set a password yet.",
    ],
  ])("summary of %o", (counts, text) => expect(T.summary(counts)).toBe(text));

  it.each<[number, string]>([
    [1, "Send invitations to 1 teacher?"],
    [12, "Send invitations to 12 teachers?"],
  ])("question for %i", (n, text) => expect(T.question(n)).toBe(text));

  it.each<[number, string]>([
    [0, "No invitations were sent: nobody was left to invite."],
    [1, "Invitations sent to 1 teacher."],
    [3, "Invitations sent to 3 teachers."],
  ])("sent %i", (n, text) => expect(T.sent(n)).toBe(text));
});

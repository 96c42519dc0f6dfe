import { describe, expect, it } from "vitest";
import { RATE_LIMITED } from "#app/domain/rate-limit";
import { SOCKET_ADDRESS_HEADER } from "#app/server/client-address.server";
import { rowCount } from "./support/stored";
import { apiWorld } from "./support/world";

// Issue 33 item 9: the support form had no rate limit (60 messages in 0.76 s), and a CR/LF in the
// subject wrote lines of its own into the outbox file and the server log. A subject or page with a
// control character is refused with a plain message, and nothing is kept or mailed; a sender past
// the hour's limit is told to wait. (Bursts: rate-limit-burst.test.ts; the mailer: mail.server.test.ts.)

(globalThis as Record<symbol, unknown>)[Symbol.for("literacy.socketAddressStamped")] = true;

const { handle, t, w } = await apiWorld();

const kept = () => rowCount(handle.db, "support_message");
const send = (token: string, body: Record<string, unknown>, address = "203.0.113.50") =>
  t.call("POST", "/support/messages", { token, body, headers: { [SOCKET_ADDRESS_HEADER]: address } });

describe(`support form input (${process.env.TEST_DB_ENGINE})`, () => {
  it.each([
    ["a CR/LF in the subject", { subject: "Roster\r\nBcc: everyone@district.example", message: "Help" }, "Subject must be one line"],
    ["a LF in the subject", { subject: "Roster\nX-Mailer: forged", message: "Help" }, "Subject must be one line"],
    ["an escape sequence in the subject", { subject: "Roster \u001b[2J", message: "Help" }, "Subject must be one line"],
    ["a line break in the page", { subject: "Roster", message: "Help", page: "/classroom\r\nInjected: yes" }, "page must be one line"],
  ])("%s is refused, and nothing is kept or mailed", async (_, body, message) => {
    const token = await t.login(w.teacher.email);
    const before = { kept: await kept(), mail: t.mail.length };
    const res = await send(token, body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain(message);
    expect(await kept()).toBe(before.kept);
    expect(t.mail.length).toBe(before.mail);
  });

  it("a message keeps its line breaks", async () => {
    const token = await t.login(w.schoolAdmin.email);
    const res = await send(token, { subject: "Roster upload", message: "Line one\r\nLine two" }, "203.0.113.51");
    expect(res.status).toBe(201);
    expect(t.mail.at(-1)?.subject).toBe("[Support] Roster upload");
  });
});

describe(`support form limit (${process.env.TEST_DB_ENGINE})`, () => {
  it("past its hourly limit, a sender is told to wait and nothing more is kept; an hour later they write again", async () => {
    const token = await t.login(w.districtAdmin.email);
    const before = await kept();
    const answers: number[] = [];
    for (let i = 0; i < 11; i++)
      answers.push((await send(token, { subject: `Question ${i}`, message: "Help" }, `198.51.100.${i + 1}`)).status);
    expect(answers.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(answers[10]).toBe(429);
    const refused = await send(token, { subject: "One more", message: "Help" }, "198.51.100.99");
    expect(((await refused.json()) as { message: string }).message).toBe(RATE_LIMITED);
    expect(await kept()).toBe(before + 10);
    t.clock.now = new Date(t.clock.now.getTime() + 61 * 60_000);
    const again = await t.login(w.districtAdmin.email); // the session has idled out meanwhile
    expect((await send(again, { subject: "Next hour", message: "Help" }, "198.51.100.100")).status).toBe(201);
  });
});

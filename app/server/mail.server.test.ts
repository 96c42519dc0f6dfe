import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { first } from "#app/domain/presence";
import { headerValue, outboxMailer } from "./mail.server";

// Issue 33 item 9: a CR/LF in a support subject wrote lines of its own into the outbox file (a
// header of the attacker's: Bcc, a second Subject) and into the server log. Whatever a caller hands
// over, a header and the log line stay one line each.

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("mail headers", () => {
  it.each([
    ["Roster\r\nBcc: everyone@district.example", "Roster Bcc: everyone@district.example"],
    ["a\nb\rc\u0000d\u001be\u007ff\u0085g\u2028h", "a b c d e f g h"],
    ["  plain subject  ", "plain subject"],
  ])("%j → %j", (value, expected) => {
    expect(headerValue(value)).toBe(expected);
  });

  it("the outbox file and the log line get no line of the subject's own", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "outbox-"));
    dirs.push(dir);
    const log: string[] = [];
    await outboxMailer(dir, (line) => log.push(line)).send({
      to: "support@localhost\r\nBcc: everyone@district.example",
      subject: "[Support] Hi\r\nBcc: everyone@district.example\r\n\r\nForged body",
      text: "Body line one\nBody line two",
    });
    const [head, body] = readFileSync(path.join(dir, first(readdirSync(dir), "a mail file")), "utf8").split("\n\n");
    expect(head?.split("\n")).toEqual([
      "To: support@localhost Bcc: everyone@district.example",
      "Subject: [Support] Hi Bcc: everyone@district.example Forged body",
    ]);
    expect(body).toBe("Body line one\nBody line two\n");
    expect(log).toHaveLength(1);
    expect(log[0]).not.toMatch(/[\r\n]/);
  });
});

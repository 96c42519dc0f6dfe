import { describe, expect, it } from "vitest";
import { SupportForm, supportMail } from "./support-form";

describe("support form (issue 12 item 14)", () => {
  it.each([
    [{ subject: " Roster ", message: " Help " }, null],
    [{ subject: "", message: "Help" }, "Please enter a subject."],
    [{ subject: "Roster", message: "   " }, "Please enter your message."],
    [{ subject: "x".repeat(201), message: "Help" }, "Subject must be at most 200 characters."],
    [{ subject: "Roster", message: "a\u0000" }, "Message contains characters that are not allowed."],
    [{ message: "Help" }, "Please enter a subject."],
    // Issue 33 item 9: a line break in the subject wrote a header line of its own into the mail.
    [
      { subject: "Roster\r\nBcc: everyone@district.example", message: "Help" },
      "Subject must be one line, without line breaks or control characters.",
    ],
    [{ subject: "Roster\nX-Priority: 1", message: "Help" }, "Subject must be one line, without line breaks or control characters."],
    [{ subject: "Roster\tupload", message: "Help" }, "Subject must be one line, without line breaks or control characters."],
    [{ subject: "Roster\u001b[31m", message: "Help" }, "Subject must be one line, without line breaks or control characters."],
    [{ subject: "Roster\u0085upload", message: "Help" }, "Subject must be one line, without line breaks or control characters."],
    [{ subject: "Roster\u2028upload", message: "Help" }, "Subject must be one line, without line breaks or control characters."],
    [{ subject: " Roster upload – é ✓ \r\n", message: "Help" }, null],
    [{ subject: "Roster", message: "Line one\r\nLine two\n\tindented" }, null],
    [{ subject: "Roster", message: "Bell\u0007" }, "Message contains control characters that are not allowed."],
  ])("%j → %s", (input, error) => {
    const r = SupportForm.safeParse(input);
    expect(r.success ? null : r.error.issues[0]?.message).toBe(error);
  });

  it("trims and mails who wrote, from where, and what", () => {
    const values = SupportForm.parse({ subject: " Roster ", message: "Help " });
    expect(supportMail({ ...values, name: "Tess Morgan", email: "t@x.org", role: "TEACHER", page: "/classroom/1" })).toEqual({
      subject: "[Support] Roster",
      text: "From: Tess Morgan <t@x.org> (TEACHER)\nPage: /classroom/1\n\nHelp\n",
    });
  });
});

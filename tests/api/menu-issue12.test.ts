import { describe, expect, it } from "vitest";
import { apiWorld } from "./support/world";

// Issue 12 item 14: the menu's test materials and the customer-support contact form.

const { handle, t, w } = await apiWorld();
const teacher: string = await t.login(w.teacher.email);

describe(`test materials (${process.env.TEST_DB_ENGINE})`, () => {
  it.each(["PreK", "Kindergarten", "Grade_1", "Grade_2"])("serves the %s zip to a signed-in user", async (grade) => {
    const res = await t.call("GET", `/dashboard/resources/${grade}_Test_Materials.zip/download`, { token: teacher });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${grade}_Test_Materials.zip"`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]); // a zip
    expect(new TextDecoder().decode(bytes.slice(30, 30 + grade.length))).toBe(grade); // its PDF's name
  });

  it("serves Grade 3 only with flag grade3hamburger", async () => {
    const path = "/dashboard/resources/Grade_3_Test_Materials.zip/download";
    const off = await t.call("GET", path, { token: teacher });
    expect(off.status).toBe(404);
    expect(await off.json()).toEqual({ message: "Test materials not found." });
    const on = await t.call("GET", path, { token: teacher, headers: { "x-feature-flags": "grade3hamburger" } });
    expect(on.status).toBe(200);
  });

  it("answers 404 with a message for an unknown file and 401 without a session", async () => {
    const res = await t.call("GET", "/dashboard/resources/..%2F..%2Fpackage.json/download", { token: teacher });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { message: string }).message).toBe("Test materials not found.");
    expect((await t.call("GET", "/dashboard/resources/PreK_Test_Materials.zip/download")).status).toBe(401);
  });
});

describe(`support messages (${process.env.TEST_DB_ENGINE})`, () => {
  it("keeps the message and mails support", async () => {
    process.env.SUPPORT_EMAIL = "help@support.example";
    const before = t.mail.length;
    const res = await t.call("POST", "/support/messages", {
      token: teacher,
      body: { subject: " Roster upload ", message: "The zip is refused.", page: "/school/x" },
    });
    expect(res.status).toBe(201);
    const answer = (await res.json()) as { supportMessageId: string; mailed: boolean };
    expect(answer.mailed).toBe(true);
    const row = await handle.db
      .selectFrom("support_message")
      .selectAll()
      .where("support_message_id", "=", answer.supportMessageId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      user_id: w.teacher.user_id,
      email: w.teacher.email,
      subject: "Roster upload",
      message: "The zip is refused.",
      page: "/school/x",
    });
    expect(row.mailed_at).not.toBeNull();
    const mail = t.mail.slice(before);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ to: "help@support.example", subject: "[Support] Roster upload" });
    expect(mail[0]?.text).toContain(`<${w.teacher.email}>`);
    expect(mail[0]?.text).toContain("The zip is refused.");
    delete process.env.SUPPORT_EMAIL;
  });

  it("refuses an empty message with the form's words, and a caller without a session", async () => {
    const res = await t.call("POST", "/support/messages", { token: teacher, body: { subject: "Hi", message: " " } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe("Please enter your message.");
    expect((await t.call("POST", "/support/messages", { body: { subject: "Hi", message: "x" } })).status).toBe(401);
  });
});

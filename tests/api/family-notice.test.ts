import { afterAll, describe, expect, it } from "vitest";
import { presetById } from "#app/domain/follow-up-policy";
import { DEFAULT_NOTICE_WORDING } from "#app/i18n/family-notice/defaults";
import { makePeriods, makeStudent, makeUser, MID_YEAR } from "./support/fixtures";
import { useTempDataDir } from "./support/test-api";
import { apiWorld } from "./support/world";

// The family notice letter (issue 38 item 4): the district's wording (who may change it, the
// unknown fill-in refused by name, the audit log, back to the default), the preview, the letters
// of a classroom and of one student in English and Spanish, and notices recorded as sent in bulk
// (only the caller's students, each once, safe to send again). The clock is 2026-01-15 (MOY).

const data = useTempDataDir();
afterAll(() => data.cleanup());

const { handle, t, w } = await apiWorld();
t.clock.now = MID_YEAR.now;
await makePeriods(handle.db, w.district.organization_id, MID_YEAR.ranges);
const otherAdmin = await makeUser(handle.db, { role: "ORG_ADMIN", organizationId: w.otherDistrict.organization_id });
const tok = {
  teacher: await t.login(w.teacher.email),
  schoolAdmin: await t.login(w.schoolAdmin.email),
  districtAdmin: await t.login(w.districtAdmin.email),
  superAdmin: await t.login(w.superAdmin.email),
  otherAdmin: await t.login(otherAdmin.email),
};
const orgId = w.district.organization_id;
const noticePath = `/organization/${orgId}/followUpNotice`;
const OWN = { title: "Screening news for {student}", body: "{school}, {date}\n\nDear family of {student} ({grade}),\n\nAsk {contact}." };

type Letters = {
  lang: string;
  policySet: boolean;
  letters: {
    participantId: string;
    studentName: string;
    title: string;
    paragraphs: string[][];
    followUpIds: string[];
    awaiting: boolean;
  }[];
};

async function json<T>(res: Response, status = 200): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(status);
  return (await res.json()) as T;
}

// Grade 1 MOY: dyslexia above 0.123 flags the student.
async function flagged(classroomId = w.classA.participant_group_id, schoolId = w.schoolA.organization_unit_id, name?: string) {
  const s = await makeStudent(handle.db, schoolId, { grade: "1", classroomIds: [classroomId], ...(name ? { firstName: name } : {}) });
  await json(
    await t.call("POST", "/participantTest/predictiveProfile", {
      token: tok.districtAdmin,
      body: { participantId: s.participant_id, academicYear: "2025-2026", periodName: "MOY", dyslexia: 0.5, pwr: 0.9 },
    }),
  );
  return s;
}

const letters = (query: string, token = tok.teacher) => t.call("GET", `/followUpNotices?${query}`, { token });
const markSent = (followUpIds: string[], token: string | null = tok.teacher, on = "2026-01-15") =>
  t.call("POST", "/followUps/noticeSent", { token, body: { followUpIds, on, method: "printed" } });

describe(`the district's wording (${process.env.TEST_DB_ENGINE})`, () => {
  it("starts as our default in English and Spanish, readable by the district's users", async () => {
    const s = await json<{ contact: null; languages: { lang: string; custom: boolean; wording: unknown }[] }>(
      await t.call("GET", noticePath, { token: tok.teacher }),
    );
    expect(s.contact).toBeNull();
    expect(s.languages.map((l) => [l.lang, l.custom])).toEqual([
      ["en", false],
      ["es", false],
    ]);
    expect(s.languages[1]!.wording).toEqual(DEFAULT_NOTICE_WORDING.es);
    expect((await t.call("GET", noticePath, { token: tok.otherAdmin })).status).toBe(403);
  });

  it("only district admins and super admins change it", async () => {
    const body = { contact: "Ms. Rivera", texts: { en: OWN, es: null } };
    expect((await t.call("PUT", noticePath, { token: tok.teacher, body })).status).toBe(403);
    expect((await t.call("PUT", noticePath, { token: tok.schoolAdmin, body })).status).toBe(403);
    expect((await t.call("PUT", noticePath, { token: tok.otherAdmin, body })).status).toBe(403);
    expect((await t.call("PUT", noticePath, { token: null, body })).status).toBe(401);
    expect((await t.call("PUT", noticePath, { token: tok.superAdmin, body })).status).toBe(200);
    expect(await handle.db.selectFrom("family_notice_text").select(["lang", "title"]).execute()).toEqual([
      { lang: "en", title: OWN.title },
    ]);
  });

  it("refuses an unknown fill-in by name and stores nothing", async () => {
    const before = await handle.db.selectFrom("family_notice_text").selectAll().execute();
    const res = await t.call("PUT", noticePath, {
      token: tok.districtAdmin,
      body: { contact: null, texts: { en: null, es: { title: "Hola", body: "Su maestra {maestra} y {teacher}" } } },
    });
    const answer = await json<{ message: string; errors: string[] }>(res, 400);
    expect(answer.message).toBe("Unknown placeholders {maestra}, {teacher}: use {student}, {grade}, {date}, {school} or {contact}.");
    expect(answer.errors).toEqual([
      "texts.es.body: Unknown placeholders {maestra}, {teacher}: use {student}, {grade}, {date}, {school} or {contact}.",
    ]);
    expect(await handle.db.selectFrom("family_notice_text").selectAll().execute()).toEqual(before);
  });

  it("writes every change to the audit log, and returns a language to the default", async () => {
    await json(await t.call("PUT", noticePath, { token: tok.districtAdmin, body: { contact: "Mr. Lee", texts: { en: OWN, es: OWN } } }));
    await json(await t.call("PUT", noticePath, { token: tok.districtAdmin, body: { contact: "Mr. Lee", texts: { en: OWN, es: null } } }));
    const rows = await handle.db
      .selectFrom("audit_log")
      .select(["actor_user_id", "details", "entity_id"])
      .where("entity_type", "=", "follow_up_notice")
      .orderBy("audit_log_id")
      .execute();
    const last = (typeof rows.at(-1)!.details === "string" ? JSON.parse(rows.at(-1)!.details as string) : rows.at(-1)!.details) as {
      before: { contact: string; texts: Record<string, unknown> };
      after: { contact: string; texts: Record<string, unknown> };
    };
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.at(-1)!.actor_user_id).toBe(w.districtAdmin.user_id);
    expect(rows.at(-1)!.entity_id).toBe(orgId);
    expect(last.before.texts.es).toEqual(OWN);
    expect(last.after.texts.es).toBeNull();
    const s = await json<{ contact: string; languages: { lang: string; custom: boolean; wording: unknown }[] }>(
      await t.call("GET", noticePath, { token: tok.teacher }),
    );
    expect(s.contact).toBe("Mr. Lee");
    expect(s.languages.map((l) => l.custom)).toEqual([true, false]);
    expect(s.languages[1]!.wording).toEqual(DEFAULT_NOTICE_WORDING.es);
  });

  it("previews a draft with the sample student or a real one, saving nothing", async () => {
    const student = await flagged();
    const draft = { lang: "es", title: "Aviso para {student}", body: "{student}, {grade}, {school}: {contact}", contact: null };
    const sample = await json<{ title: string; paragraphs: string[][]; sample: boolean }>(
      await t.call("POST", `${noticePath}/preview`, { token: tok.districtAdmin, body: { ...draft, participantId: null } }),
    );
    expect(sample).toMatchObject({ title: "Aviso para Sam Sample", sample: true });
    expect(sample.paragraphs).toEqual([
      ["Sam Sample, 1.er grado, Sample Elementary School: el maestro o la maestra de su hijo o hija, o la oficina de la escuela"],
    ]);
    const real = await json<{ title: string; sample: boolean }>(
      await t.call("POST", `${noticePath}/preview`, {
        token: tok.districtAdmin,
        body: { ...draft, participantId: student.participant_id },
      }),
    );
    expect(real).toEqual(expect.objectContaining({ title: `Aviso para ${student.first_name} ${student.last_name}`, sample: false }));
    const bad = await t.call("POST", `${noticePath}/preview`, {
      token: tok.districtAdmin,
      body: { ...draft, body: "{alumno}", participantId: null },
    });
    expect((await json<{ errors: string[] }>(bad, 400)).errors).toEqual([
      "body: Unknown placeholder {alumno}: use {student}, {grade}, {date}, {school} or {contact}.",
    ]);
    expect((await t.call("POST", `${noticePath}/preview`, { token: tok.teacher, body: { ...draft, participantId: null } })).status).toBe(
      403,
    );
    const elsewhere = await makeStudent(handle.db, w.otherSchool.organization_unit_id, { grade: "1" });
    expect(
      (
        await t.call("POST", `${noticePath}/preview`, {
          token: tok.districtAdmin,
          body: { ...draft, participantId: elsewhere.participant_id },
        })
      ).status,
    ).toBe(403);
  });
});

describe(`letters and notices sent (${process.env.TEST_DB_ENGINE})`, () => {
  it("without a policy there are no letters, and the answer says so", async () => {
    const answer = await json<Letters>(await letters(`classroomId=${w.classA.participant_group_id}`));
    expect(answer).toMatchObject({ policySet: false, letters: [] });
  });

  it("a classroom's letters: its students awaiting a notice, in the language asked; marked sent once", async () => {
    await json(
      await t.call("PUT", `/organization/${orgId}/followUpPolicy`, {
        token: tok.districtAdmin,
        body: { policy: presetById("louisiana")!.policy, nonSchoolDays: [] },
      }),
    );
    await json(await t.call("PUT", noticePath, { token: tok.districtAdmin, body: { contact: null, texts: { en: null, es: null } } }));
    const a = await flagged(w.classA.participant_group_id, w.schoolA.organization_unit_id, "Zoe");
    const b = await flagged(w.classA.participant_group_id, w.schoolA.organization_unit_id, "Ada");
    const en = await json<Letters>(await letters(`classroomId=${w.classA.participant_group_id}`));
    const ours = en.letters.filter((l) => [a.participant_id, b.participant_id].includes(l.participantId));
    expect(ours).toHaveLength(2);
    expect(ours.every((l) => l.awaiting && l.followUpIds.length === 1)).toBe(true);
    const ada = ours.find((l) => l.participantId === b.participant_id)!;
    expect(ada.title).toBe(`Reading screening: a letter for the family of Ada ${b.last_name}`);
    expect(ada.paragraphs[1]).toEqual([`Dear family of Ada ${b.last_name},`]);
    expect(ada.paragraphs.flat().join(" ")).toContain("A flag is not a diagnosis.");
    expect(ada.paragraphs[0]).toEqual([w.schoolA.name, "January 15, 2026"]);

    const es = await json<Letters>(await letters(`classroomId=${w.classA.participant_group_id}&lang=es`));
    const adaEs = es.letters.find((l) => l.participantId === b.participant_id)!;
    expect(es.lang).toBe("es");
    expect(adaEs.paragraphs[0]).toEqual([w.schoolA.name, "15 de enero de 2026"]);
    expect(adaEs.paragraphs.flat().join(" ")).toContain("Una alerta no es un diagnóstico.");

    const ids = ours.flatMap((l) => l.followUpIds);
    expect(await json(await markSent(ids))).toEqual({ recorded: ids, alreadySent: [], closed: [] });
    // Sent again (a retry, a second click): nothing is recorded twice.
    expect(await json(await markSent(ids))).toEqual({ recorded: [], alreadySent: ids, closed: [] });
    const steps = await handle.db
      .selectFrom("follow_up_step")
      .select(["kind", "method", "on_date", "recorded_by"])
      .where("follow_up_id", "in", ids)
      .where("kind", "=", "notice-sent")
      .execute();
    expect(steps).toHaveLength(2);
    expect(steps.every((s) => s.method === "printed" && s.on_date === "2026-01-15" && s.recorded_by === w.teacher.user_id)).toBe(true);
    const after = await json<Letters>(await letters(`classroomId=${w.classA.participant_group_id}`));
    expect(after.letters.map((l) => l.participantId)).not.toContain(a.participant_id);

    // One student's page still prints their letter again, and says it was sent.
    const again = await json<Letters>(await letters(`participantId=${a.participant_id}&lang=es`));
    expect(again.letters).toHaveLength(1);
    expect(again.letters[0]!.awaiting).toBe(false);
  });

  it("a teacher marks her students only; nothing is recorded when one is not hers", async () => {
    const mine = await flagged();
    const notMine = await flagged(w.classA2.participant_group_id);
    const [myLetter] = (await json<Letters>(await letters(`participantId=${mine.participant_id}`))).letters;
    const [otherLetter] = (await json<Letters>(await letters(`participantId=${notMine.participant_id}`, tok.schoolAdmin))).letters;
    expect((await letters(`participantId=${notMine.participant_id}`)).status).toBe(403);
    expect((await letters(`classroomId=${w.classA2.participant_group_id}`)).status).toBe(403);
    const both = [...myLetter!.followUpIds, ...otherLetter!.followUpIds];
    expect((await markSent(both)).status).toBe(403);
    const sent = await handle.db.selectFrom("follow_up").select("notice_sent_on").where("follow_up_id", "in", both).execute();
    expect(sent.every((r) => r.notice_sent_on === null)).toBe(true);
    expect((await markSent(myLetter!.followUpIds, tok.otherAdmin)).status).toBe(403);
    expect((await markSent(["00000000-0000-4000-8000-000000000000"])).status).toBe(404);
    expect((await markSent(myLetter!.followUpIds, tok.teacher, "2026-01-16")).status).toBe(400);
    expect((await markSent(myLetter!.followUpIds, null)).status).toBe(401);
    expect(await json(await markSent(otherLetter!.followUpIds, tok.schoolAdmin))).toMatchObject({ recorded: otherLetter!.followUpIds });
    expect(await json(await markSent(myLetter!.followUpIds))).toMatchObject({ recorded: myLetter!.followUpIds });
  });

  it("asks for a classroom or a student", async () => {
    expect((await letters("")).status).toBe(400);
    expect((await letters(`classroomId=${w.classA.participant_group_id}&participantId=${w.studentA.participant_id}`)).status).toBe(400);
  });
});

import { createRoute, z } from "@hono/zod-openapi";
import type { Db } from "#app/db/connect.server";
import { lockNoticeSettings, noticeSettingsRows, putNoticeSettings, studentForNotice } from "#app/db/queries/family-notice";
import {
  followUpOwner,
  followUpRowsOf,
  insertStep,
  lockFollowUp,
  optedOutIn,
  studentsOfScope,
  updateFollowUp,
  type FollowUpRow,
} from "#app/db/queries/follow-up";
import { localIsoDate, type IsoDate } from "#app/domain/calendar-date";
import {
  NOTICE_LANG_NAMES,
  NOTICE_LANGS,
  NOTICE_PLACEHOLDER_LABELS,
  NOTICE_PLACEHOLDERS,
  noticeLetter,
  type NoticeLang,
  type NoticeWording,
} from "#app/domain/family-notice";
import { FamilyNoticeInput, NoticePreviewInput, NoticesSentInput } from "#app/domain/family-notice-input";
import { reachOf } from "#app/domain/permissions";
import { PERIODS } from "#app/domain/periods";
import { DEFAULT_NOTICE_CONTACT, DEFAULT_NOTICE_WORDING, SAMPLE_NOTICE_STUDENT } from "#app/i18n/family-notice/defaults";
import { noticeFills } from "#app/i18n/family-notice/fills.server";
import { audit } from "../audit";
import { errorResponses, jsonBody, jsonResponse, type Router } from "../env";
import { ApiError, forbidden } from "../errors";
import { followUpSettings, standingOf, syncFollowUps } from "../follow-ups";
import { idParam } from "../params";
import { recordAccess } from "../record-access";
import { assertClassroom, assertOrganization, assertParticipant, requireCapability } from "../scope";

// The family notice letter after a flag (issue 38 item 4; docs/features/follow-up.md 'Family
// notice'): the district's wording per language and its contact (district admins and super
// admins change them, audited), a preview of a draft, the letters of a classroom's students whose
// follow-up awaits its notice or of one student, and notices recorded as sent in bulk after a
// print, each once.

const Lang = z.enum(NOTICE_LANGS);
const Date_ = z.string().openapi({ example: "2026-12-20", description: "YYYY-MM-DD" });

const Wording = z.object({ title: z.string(), body: z.string() }).openapi("FamilyNoticeWording");

const Settings = z
  .object({
    organizationId: z.string(),
    contact: z
      .string()
      .nullable()
      .openapi({ description: "whom families contact; null: none entered ({contact} then names the teacher or the school office)" }),
    defaultContact: z
      .record(z.string(), z.string())
      .openapi({ description: "what {contact} says per language when no contact is entered" }),
    placeholders: z.array(z.object({ name: z.string(), label: z.string() })),
    languages: z.array(
      z.object({
        lang: Lang,
        languageName: z.string(),
        custom: z.boolean().openapi({ description: "false: our default wording" }),
        wording: Wording.openapi({ description: "the wording letters use now (the district's own, or the default)" }),
        defaultWording: Wording,
      }),
    ),
    updatedAt: z.string().nullable(),
  })
  .openapi("FamilyNoticeSettings");

const LetterText = z.object({
  title: z.string(),
  paragraphs: z.array(z.array(z.string())).openapi({ description: "paragraphs, each as its lines" }),
});

const Preview = LetterText.extend({
  lang: Lang,
  sample: z.boolean().openapi({ description: "true: filled with a made-up student" }),
}).openapi("FamilyNoticePreview");

const Letter = LetterText.extend({
  participantId: z.string(),
  studentName: z.string().openapi({ description: "Last, First (for lists)" }),
  grade: z.string(),
  schoolName: z.string(),
  followUpIds: z.array(z.string()).openapi({ description: "the student's follow-ups this letter answers (recorded as sent together)" }),
  periods: z.array(z.enum(PERIODS)),
  noticeDue: Date_.nullable(),
  noticeSentOn: Date_.nullable(),
  awaiting: z.boolean().openapi({ description: "true: a follow-up of this letter awaits its notice" }),
}).openapi("FamilyNoticeLetter");

const Letters = z
  .object({
    academicYear: z.string(),
    lang: Lang,
    htmlLang: z.string(),
    policySet: z.boolean(),
    letters: z.array(Letter),
  })
  .openapi("FamilyNoticeLetters");

const SentResult = z
  .object({
    recorded: z.array(z.string()),
    alreadySent: z.array(z.string()).openapi({ description: "a notice was recorded before: not recorded again" }),
    closed: z.array(z.string()).openapi({ description: "closed follow-ups (no longer flagged) take no step" }),
  })
  .openapi("NoticesSentResult");

const OrgParam = idParam({ description: "organizationId (district)" });

const getSettings = createRoute({
  method: "get",
  path: "/organization/{id}/followUpNotice",
  tags: ["Follow-up"],
  summary: "The district's family notice letter: its wording per language (its own or our default) and its contact",
  request: { params: OrgParam },
  responses: { 200: jsonResponse(Settings, "Wording"), ...errorResponses },
});

const putSettings = createRoute({
  method: "put",
  path: "/organization/{id}/followUpNotice",
  tags: ["Follow-up"],
  summary:
    "Set the district's wording of the family notice (a language null: our default) and its contact (district admins, super admins). Audited",
  description: `Fill-ins: ${NOTICE_PLACEHOLDERS.map((p) => `{${p}}`).join(", ")}; {{ and }} print a brace. Any other name between braces is refused (400), naming it.`,
  request: { params: OrgParam, body: jsonBody(FamilyNoticeInput.openapi("FamilyNoticeInput")) },
  responses: { 200: jsonResponse(Settings, "Saved"), ...errorResponses },
});

const postPreview = createRoute({
  method: "post",
  path: "/organization/{id}/followUpNotice/preview",
  tags: ["Follow-up"],
  summary:
    "A draft of the letter filled in with a made-up student, or a student of the district (district admins, super admins). Saves nothing",
  request: { params: OrgParam, body: jsonBody(NoticePreviewInput.openapi("FamilyNoticePreviewInput")) },
  responses: { 200: jsonResponse(Preview, "The filled letter"), ...errorResponses },
});

const getLetters = createRoute({
  method: "get",
  path: "/followUpNotices",
  tags: ["Follow-up"],
  summary: "Family notice letters: a classroom's students whose follow-up awaits its notice, or one student's",
  description:
    "classroomId: a classroom the caller sees (teachers: one they teach); one letter per student whose open follow-up of this school year awaits its notice. participantId: a student the caller sees; the letter of their open follow-ups (awaiting, or else the newest, to print again).",
  request: {
    query: z.object({
      classroomId: z.string().uuid().optional(),
      participantId: z.string().uuid().optional(),
      lang: Lang.optional(),
    }),
  },
  responses: { 200: jsonResponse(Letters, "Letters, by student name"), ...errorResponses },
});

const postSent = createRoute({
  method: "post",
  path: "/followUps/noticeSent",
  tags: ["Follow-up"],
  summary: "Record notices as sent, after a print (every follow-up's student in the caller's scope, or nothing is recorded)",
  description:
    "Idempotent: a follow-up whose notice is recorded already is left as it is (alreadySent), a closed one takes no step (closed). A date after today is refused.",
  request: { body: jsonBody(NoticesSentInput.openapi("NoticesSentInput")) },
  responses: { 200: jsonResponse(SentResult, "What was recorded"), ...errorResponses },
});

async function settingsOf(db: Db, organizationId: string) {
  const rows = await noticeSettingsRows(db, organizationId);
  const own = new Map(rows.texts.map((t) => [t.lang, t]));
  return {
    contact: rows.contact,
    updatedAt: rows.updatedAt,
    wording: (lang: NoticeLang): NoticeWording => {
      const t = own.get(lang);
      return t ? { title: t.title, body: t.body } : DEFAULT_NOTICE_WORDING[lang];
    },
    custom: (lang: NoticeLang) => own.has(lang),
    texts: Object.fromEntries(NOTICE_LANGS.map((l) => [l, own.has(l) ? { title: own.get(l)!.title, body: own.get(l)!.body } : null])),
  };
}

type NoticeSettings = Awaited<ReturnType<typeof settingsOf>>;

function settingsAnswer(organizationId: string, s: NoticeSettings) {
  return {
    organizationId,
    contact: s.contact,
    defaultContact: { ...DEFAULT_NOTICE_CONTACT },
    placeholders: NOTICE_PLACEHOLDERS.map((name) => ({ name, label: NOTICE_PLACEHOLDER_LABELS[name] })),
    languages: NOTICE_LANGS.map((lang) => ({
      lang,
      languageName: NOTICE_LANG_NAMES[lang],
      custom: s.custom(lang),
      wording: s.wording(lang),
      defaultWording: DEFAULT_NOTICE_WORDING[lang],
    })),
    updatedAt: s.updatedAt ? s.updatedAt.toISOString() : null,
  };
}

/** The follow-ups a letter answers now: open (not closed, no outcome) and, when any does, awaiting its notice. */
function letterRows(rows: FollowUpRow[], policy: Parameters<typeof standingOf>[1], optedOut: boolean, today: IsoDate) {
  const open = rows.filter((r) => r.closed_on === null && r.outcome === null);
  const awaiting = open.filter((r) => standingOf(r, policy, optedOut, today).nextStep?.step === "notice-sent");
  return { open, awaiting };
}

const periodOrder = (p: string) => PERIODS.indexOf(p as (typeof PERIODS)[number]);

export function registerFamilyNotice(app: Router) {
  app.openapi(getSettings, async (c) => {
    const { db } = c.var.deps;
    const actor = requireCapability(c.var.actor, "followUps");
    const org = await assertOrganization(db, actor, c.req.valid("param").id);
    return c.json(settingsAnswer(org.organization_id, await settingsOf(db, org.organization_id)), 200);
  });

  app.openapi(putSettings, async (c) => {
    const { db, now } = c.var.deps;
    const actor = requireCapability(c.var.actor, "manageFollowUpPolicy");
    const org = await assertOrganization(db, actor, c.req.valid("param").id);
    const body = c.req.valid("json");
    const contact = body.contact?.trim() ? body.contact.trim() : null;
    await db.transaction().execute(async (tx) => {
      await lockNoticeSettings(tx, org.organization_id);
      const before = await settingsOf(tx, org.organization_id);
      await putNoticeSettings(tx, org.organization_id, { contact, texts: body.texts }, actor.userId, now());
      await audit(tx, actor, "update", "follow_up_notice", org.organization_id, {
        before: { contact: before.contact, texts: before.texts },
        after: { contact, texts: body.texts },
      });
    });
    return c.json(settingsAnswer(org.organization_id, await settingsOf(db, org.organization_id)), 200);
  });

  app.openapi(postPreview, async (c) => {
    const { db, now } = c.var.deps;
    const actor = requireCapability(c.var.actor, "manageFollowUpPolicy");
    const org = await assertOrganization(db, actor, c.req.valid("param").id);
    const body = c.req.valid("json");
    let student: { studentName: string; grade: string; school: string } = {
      studentName: SAMPLE_NOTICE_STUDENT.name,
      grade: SAMPLE_NOTICE_STUDENT.grade,
      school: SAMPLE_NOTICE_STUDENT.school,
    };
    if (body.participantId) {
      const p = await assertParticipant(db, actor, body.participantId);
      if (p.organization_id !== org.organization_id) throw forbidden();
      const s = await studentForNotice(db, p.participant_id);
      if (!s) throw new ApiError(404, "Student not found");
      student = { studentName: `${s.first_name} ${s.last_name}`, grade: s.grade, school: s.school_name };
      recordAccess(c, {
        what: "follow-ups",
        organizationId: org.organization_id,
        participantId: p.participant_id,
        detail: "notice preview",
      });
    }
    const fills = noticeFills(body.lang, { ...student, today: localIsoDate(now()), contact: body.contact });
    return c.json({ ...noticeLetter(body, fills), lang: body.lang, sample: !body.participantId }, 200);
  });

  app.openapi(getLetters, async (c) => {
    const { db, now } = c.var.deps;
    const actor = requireCapability(c.var.actor, "followUps");
    const query = c.req.valid("query");
    const lang: NoticeLang = query.lang ?? "en";
    if (!query.classroomId === !query.participantId)
      throw new ApiError(400, "Give a classroomId or a participantId.", ["classroomId: Give a classroomId or a participantId."]);
    let organizationId: string;
    let scope: { kind: "classroom"; id: string } | null = null;
    let studentId: string | null = null;
    if (query.classroomId) {
      const classroom = await assertClassroom(db, actor, query.classroomId);
      organizationId = classroom.organization_id;
      scope = { kind: "classroom", id: classroom.participant_group_id };
    } else {
      const p = await assertParticipant(db, actor, query.participantId!);
      organizationId = p.organization_id;
      studentId = p.participant_id;
    }
    const at = now();
    const today = localIsoDate(at);
    const settings = await followUpSettings(db, organizationId);
    const { academicYear } = await syncFollowUps(db, organizationId, studentId ? [studentId] : null, settings, at);
    const [students, rows, optedOut, notice] = await Promise.all([
      scope
        ? studentsOfScope(db, scope, reachOf(actor.role) === "classrooms" ? actor.userId : null)
        : studentForNotice(db, studentId!).then((s) => (s ? [s] : [])),
      followUpRowsOf(db, organizationId, academicYear, studentId ? [studentId] : null),
      optedOutIn(db, organizationId, academicYear),
      settingsOf(db, organizationId),
    ]);
    const wording = notice.wording(lang);
    const letters = students.flatMap((s) => {
      const own = rows.filter((r) => r.participant_id === s.participant_id);
      const { open, awaiting } = letterRows(own, settings.policy, optedOut.has(s.participant_id), today);
      // A classroom prints the notices still owed; one student's page prints theirs again if asked.
      // A family that opted out of screening is not owed a notice in the classroom's print.
      if (scope && optedOut.has(s.participant_id)) return [];
      const newestOpen = [...open].sort((a, b) => periodOrder(b.period_name) - periodOrder(a.period_name))[0];
      const chosen = awaiting.length > 0 ? awaiting : !scope && newestOpen ? [newestOpen] : [];
      if (chosen.length === 0) return [];
      const fills = noticeFills(lang, {
        studentName: `${s.first_name} ${s.last_name}`,
        grade: s.grade,
        school: s.school_name,
        today,
        contact: notice.contact,
      });
      const dues = chosen
        .map((r) => r.notice_due)
        .filter((d): d is string => d !== null)
        .sort();
      const sent = chosen
        .map((r) => r.notice_sent_on)
        .filter((d): d is string => d !== null)
        .sort();
      return [
        {
          ...noticeLetter(wording, fills),
          participantId: s.participant_id,
          studentName: `${s.last_name}, ${s.first_name}`,
          grade: s.grade,
          schoolName: s.school_name,
          followUpIds: chosen.map((r) => r.follow_up_id),
          periods: chosen.map((r) => r.period_name).sort((a, b) => periodOrder(a) - periodOrder(b)),
          noticeDue: dues[0] ?? null,
          noticeSentOn: sent.at(-1) ?? null,
          awaiting: awaiting.length > 0,
        },
      ];
    });
    letters.sort((a, b) => a.studentName.localeCompare(b.studentName, "en") || (a.participantId < b.participantId ? -1 : 1));
    if (scope) recordAccess(c, { what: "follow-up-list", organizationId, scope, rows: letters.length });
    else recordAccess(c, { what: "follow-ups", organizationId, participantId: studentId!, detail: "family notice" });
    return c.json({ academicYear, lang, htmlLang: lang, policySet: settings.policy !== null, letters }, 200);
  });

  app.openapi(postSent, async (c) => {
    const { db, now } = c.var.deps;
    const actor = requireCapability(c.var.actor, "followUps");
    const body = c.req.valid("json");
    const at = now();
    if (body.on > localIsoDate(at)) throw new ApiError(400, "The date cannot be after today.", ["on: The date cannot be after today."]);
    // Every student first: one out of scope refuses the whole call, before anything is written.
    const owners = new Map<string, string>();
    for (const id of body.followUpIds) {
      const found = await followUpOwner(db, id);
      if (!found) throw new ApiError(404, "Follow-up not found");
      owners.set(id, found.participant_id);
    }
    for (const participantId of new Set(owners.values())) await assertParticipant(db, actor, participantId);
    const result = { recorded: [] as string[], alreadySent: [] as string[], closed: [] as string[] };
    await db.transaction().execute(async (tx) => {
      for (const id of body.followUpIds) {
        const current = await lockFollowUp(tx, id);
        if (!current) throw new ApiError(404, "Follow-up not found");
        if (current.closed_on !== null) {
          result.closed.push(id);
          continue;
        }
        if (current.notice_sent_on !== null) {
          result.alreadySent.push(id);
          continue;
        }
        await updateFollowUp(tx, id, { notice_sent_on: body.on, notice_sent_by: actor.userId, notice_method: body.method }, at);
        await insertStep(tx, {
          followUpId: id,
          participantId: current.participant_id,
          kind: "notice-sent",
          onDate: body.on,
          method: body.method,
          recordedBy: actor.userId,
        });
        result.recorded.push(id);
      }
    });
    return c.json(result, 200);
  });
}

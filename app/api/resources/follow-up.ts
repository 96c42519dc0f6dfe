import { createRoute, z } from "@hono/zod-openapi";
import type { Db } from "#app/db/connect.server";
import {
  followUpOwner,
  followUpsOfStudent,
  insertOptOut,
  insertStep,
  lockFollowUp,
  lockFollowUpSettings,
  optedOutIn,
  optOutRowsOfStudent,
  putPolicy,
  replaceNonSchoolDays,
  stepsOf,
  updateFollowUp,
  type FollowUpRow,
  type FollowUpUpdate,
} from "#app/db/queries/follow-up";
import { localIsoDate } from "#app/domain/calendar-date";
import { DAY_COUNTS } from "#app/domain/follow-up-days";
import { FOLLOW_UP_MESSAGES, FollowUpSettingsInput, FollowUpStepInput, ScreeningOptOutInput } from "#app/domain/follow-up-input";
import {
  CHECK_WITH_YOUR_STATE,
  FOLLOW_UP_FLAGS,
  FOLLOW_UP_PRESETS,
  monitoringDeadlines,
  NO_POLICY_TEXT,
  PRESET_IDS,
  presetById,
  type FollowUpPolicy,
} from "#app/domain/follow-up-policy";
import { FOLLOW_UP_STATUSES, NOTICE_METHODS, OUTCOMES } from "#app/domain/follow-up-steps";
import { PERIODS } from "#app/domain/periods";
import { audit } from "../audit";
import { errorResponses, jsonBody, jsonResponse, type Router } from "../env";
import { ApiError } from "../errors";
import { followUpSettings, followUpYear, standingOf, syncFollowUps, type DistrictFollowUpSettings } from "../follow-ups";
import { idParam } from "../params";
import { recordAccess } from "../record-access";
import { assertOrganization, assertParticipant, requireCapability } from "../scope";

// Follow-up after a flag (issue 38 items 1, 2, 3, 6; docs/features/follow-up.md): the district's
// policy and non-school days, a student's follow-ups with their steps, a family's opt-out of
// screening. The lists of a classroom, school or district are in ./follow-up-lists.ts; the notice
// letter and the annual counts build on these routes and tables.

const Date_ = z.string().openapi({ example: "2026-12-20", description: "YYYY-MM-DD" });
const Flag = z.enum(FOLLOW_UP_FLAGS);

const Policy = z
  .object({
    flags: z.array(Flag),
    dayCount: z.enum(DAY_COUNTS),
    noticeDays: z.number().int().nullable().openapi({ description: "days from the flag to the family's notice; null: not set" }),
    monitoringDays: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "length of the monitoring window; null: not set (no monitoring step)" }),
    furtherStepDays: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "days from the end of monitoring to the further step; null: not set" }),
    priorNoticeDays: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "days before a screening window to inform families; null: not set" }),
    optOutAllowed: z.boolean(),
    presetId: z.enum(PRESET_IDS).nullable(),
  })
  .openapi("FollowUpPolicy");

const Preset = z
  .object({
    id: z.enum(PRESET_IDS),
    state: z.string(),
    citation: z.string().nullable().openapi({ description: "the statute as cited; null where none is given" }),
    summary: z.string(),
    policy: Policy,
  })
  .openapi("FollowUpPreset");

const NonSchoolDay = z.object({ date: Date_, label: z.string().nullable() }).openapi("NonSchoolDay");

const Settings = z
  .object({
    organizationId: z.string(),
    policy: Policy.nullable().openapi({ description: "null: the district has not set a policy, and no follow-up is opened" }),
    preset: Preset.nullable().openapi({ description: "the preset the policy started from, with its citation" }),
    nonSchoolDays: z.array(NonSchoolDay),
    updatedAt: z.string().nullable(),
    checkWithYourState: z.literal(CHECK_WITH_YOUR_STATE),
    noPolicyText: z.string(),
  })
  .openapi("FollowUpSettings");

const Step = z
  .object({
    stepId: z.string(),
    kind: z.enum(["opened", "notice-sent", "monitoring-started", "outcome", "note", "closed", "reopened"]),
    on: Date_,
    method: z.enum(NOTICE_METHODS).nullable(),
    outcome: z.enum(OUTCOMES).nullable(),
    flags: z.array(Flag).nullable(),
    note: z.string().nullable(),
    recordedBy: z.object({ userId: z.string(), name: z.string() }).nullable().openapi({ description: "null: recorded by the product" }),
    recordedAt: z.string(),
  })
  .openapi("FollowUpStep");

const NextStep = z
  .object({
    step: z.enum(["notice-sent", "monitoring-started", "outcome"]),
    due: Date_.nullable().openapi({ description: "null: the policy sets no deadline for it (not set)" }),
  })
  .nullable()
  .openapi("FollowUpNextStep");

export const FollowUpBase = z.object({
  followUpId: z.string(),
  participantId: z.string(),
  academicYear: z.string(),
  periodName: z.enum(PERIODS),
  flags: z.array(Flag),
  flaggedOn: Date_,
  noticeDue: Date_.nullable(),
  noticeSentOn: Date_.nullable(),
  noticeMethod: z.enum(NOTICE_METHODS).nullable(),
  monitoringStartedOn: Date_.nullable(),
  monitoringEndsOn: Date_.nullable(),
  furtherStepDue: Date_.nullable(),
  outcome: z.enum(OUTCOMES).nullable(),
  outcomeOn: Date_.nullable(),
  closedOn: Date_.nullable(),
  closeReason: z.string().nullable(),
  nextStep: NextStep,
  status: z.enum(FOLLOW_UP_STATUSES),
});

const FollowUp = FollowUpBase.extend({ steps: z.array(Step) }).openapi("FollowUp");

const StudentFollowUps = z
  .object({
    participantId: z.string(),
    academicYear: z.string(),
    policy: Policy.nullable(),
    preset: Preset.nullable(),
    noPolicyText: z.string(),
    optedOut: z.boolean().openapi({ description: "the family has opted the student out of screening this school year" }),
    optOuts: z.array(
      z.object({
        academicYear: z.string(),
        optedOut: z.boolean(),
        on: Date_,
        note: z.string().nullable(),
        recordedBy: z.string().nullable(),
      }),
    ),
    followUps: z.array(FollowUp),
  })
  .openapi("StudentFollowUps");

const OrgParam = idParam({ description: "organizationId (district)" });
const StudentParam = idParam({ description: "participantId (student)" });
const FollowUpParam = idParam({ description: "followUpId" });

const getSettings = createRoute({
  method: "get",
  path: "/organization/{id}/followUpPolicy",
  tags: ["Follow-up"],
  summary: "The district's follow-up policy and non-school days (every signed-in user of the district)",
  request: { params: OrgParam },
  responses: { 200: jsonResponse(Settings, "Policy"), ...errorResponses },
});

const putSettings = createRoute({
  method: "put",
  path: "/organization/{id}/followUpPolicy",
  tags: ["Follow-up"],
  summary:
    "Set (or clear, policy null) the district's follow-up policy and replace its non-school days (district admins, super admins). Audited",
  description:
    "A figure left null is 'not set'. The audit log gets the policy and the non-school days before and after. Deadlines already running keep their dates; follow-ups of the current school year are opened or closed at once under the new policy.",
  request: { params: OrgParam, body: jsonBody(FollowUpSettingsInput.openapi("FollowUpSettingsInput")) },
  responses: { 200: jsonResponse(Settings, "Saved"), ...errorResponses },
});

const getPresets = createRoute({
  method: "get",
  path: "/followUpPolicyPresets",
  tags: ["Follow-up"],
  summary: "State presets a district can start its policy from, each with its citation (check with your state)",
  responses: { 200: jsonResponse(z.array(Preset), "Presets"), ...errorResponses },
});

const getStudent = createRoute({
  method: "get",
  path: "/participant/{id}/followUps",
  tags: ["Follow-up"],
  summary: "A student's follow-ups with their timeline and next step, and the family's opt-outs of screening",
  description: "Teachers: students of their classrooms; school admins: their schools; district admins: their district; super admins: all.",
  request: { params: StudentParam },
  responses: { 200: jsonResponse(StudentFollowUps, "Follow-ups, newest period first"), ...errorResponses },
});

const postStep = createRoute({
  method: "post",
  path: "/followUp/{id}/steps",
  tags: ["Follow-up"],
  summary: "Record a step: notice sent (date and how), monitoring started, outcome, or a note",
  description:
    "Same scope as the student. A closed follow-up takes no step (409). Monitoring started fixes when monitoring ends and the further step is due, under the policy in force.",
  request: { params: FollowUpParam, body: jsonBody(FollowUpStepInput.openapi("FollowUpStepInput")) },
  responses: {
    200: jsonResponse(FollowUp, "The follow-up with the new step"),
    409: jsonResponse(z.object({ message: z.string() }), "Closed"),
    ...errorResponses,
  },
});

const postOptOut = createRoute({
  method: "post",
  path: "/participant/{id}/screeningOptOut",
  tags: ["Follow-up"],
  summary:
    "Record a family's opt-out of screening for a school year, or its withdrawal (only when the district's policy allows opting out)",
  request: { params: StudentParam, body: jsonBody(ScreeningOptOutInput.openapi("ScreeningOptOutInput")) },
  responses: { 200: jsonResponse(StudentFollowUps, "The student's follow-ups and opt-outs"), ...errorResponses },
});

function settingsAnswer(organizationId: string, s: DistrictFollowUpSettings) {
  return {
    organizationId,
    policy: s.policy,
    preset: presetById(s.policy?.presetId) ?? null,
    nonSchoolDays: s.nonSchoolDays,
    updatedAt: s.policyRow ? new Date(s.policyRow.updated_at).toISOString() : null,
    checkWithYourState: CHECK_WITH_YOUR_STATE,
    noPolicyText: NO_POLICY_TEXT,
  } as const;
}

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(" ");

export function followUpOut(row: FollowUpRow, policy: FollowUpPolicy | null, optedOut: boolean, today: string) {
  return {
    followUpId: row.follow_up_id,
    participantId: row.participant_id,
    academicYear: row.academic_year,
    periodName: row.period_name,
    flags: row.flags as z.infer<typeof Flag>[],
    flaggedOn: row.flagged_on,
    noticeDue: row.notice_due,
    noticeSentOn: row.notice_sent_on,
    noticeMethod: row.notice_method as z.infer<typeof FollowUpBase>["noticeMethod"],
    monitoringStartedOn: row.monitoring_started_on,
    monitoringEndsOn: row.monitoring_ends_on,
    furtherStepDue: row.further_step_due,
    outcome: row.outcome as z.infer<typeof FollowUpBase>["outcome"],
    outcomeOn: row.outcome_on,
    closedOn: row.closed_on,
    closeReason: row.close_reason,
    ...standingOf(row, policy, optedOut, today),
  };
}

async function withSteps(
  db: Db,
  rows: FollowUpRow[],
  policy: FollowUpPolicy | null,
  optedOut: (row: FollowUpRow) => boolean,
  today: string,
) {
  const steps = await stepsOf(
    db,
    rows.map((r) => r.follow_up_id),
  );
  return rows.map((row) => ({
    ...followUpOut(row, policy, optedOut(row), today),
    steps: steps
      .filter((s) => s.follow_up_id === row.follow_up_id)
      .map((s) => ({
        stepId: String(s.follow_up_step_id),
        kind: s.kind as z.infer<typeof Step>["kind"],
        on: s.on_date,
        method: s.method as z.infer<typeof Step>["method"],
        outcome: s.outcome as z.infer<typeof Step>["outcome"],
        flags: s.flags as z.infer<typeof Step>["flags"],
        note: s.note,
        recordedBy: s.recorded_by ? { userId: s.recorded_by, name: fullName(s.first_name, s.last_name) } : null,
        recordedAt: new Date(s.recorded_at).toISOString(),
      })),
  }));
}

async function studentAnswer(db: Db, participantId: string, organizationId: string, settings: DistrictFollowUpSettings, now: Date) {
  const { academicYear } = await syncFollowUps(db, organizationId, [participantId], settings, now);
  const [rows, optOuts] = await Promise.all([followUpsOfStudent(db, participantId), optOutRowsOfStudent(db, participantId)]);
  const current = optOuts.find((o) => o.academic_year === academicYear);
  const optedOut = current?.opted_out ?? false;
  const today = localIsoDate(now);
  return {
    participantId,
    academicYear,
    policy: settings.policy,
    preset: presetById(settings.policy?.presetId) ?? null,
    noPolicyText: NO_POLICY_TEXT,
    optedOut,
    optOuts: optOuts.map((o) => ({
      academicYear: o.academic_year,
      optedOut: o.opted_out,
      on: o.on_date,
      note: o.note,
      recordedBy: o.first_name === null ? null : fullName(o.first_name, o.last_name),
    })),
    followUps: await withSteps(db, rows, settings.policy, (r: FollowUpRow) => r.academic_year === academicYear && optedOut, today),
  };
}

export function registerFollowUp(app: Router) {
  app.openapi(getPresets, async (c) => {
    requireCapability(c.var.actor, "followUps");
    return c.json(
      FOLLOW_UP_PRESETS.map((p) => ({ ...p, policy: { ...p.policy, flags: [...p.policy.flags] } })),
      200,
    );
  });

  app.openapi(getSettings, async (c) => {
    const { db } = c.var.deps;
    const actor = requireCapability(c.var.actor, "followUps");
    const org = await assertOrganization(db, actor, c.req.valid("param").id);
    return c.json(settingsAnswer(org.organization_id, await followUpSettings(db, org.organization_id)), 200);
  });

  app.openapi(putSettings, async (c) => {
    const { db, now } = c.var.deps;
    const actor = requireCapability(c.var.actor, "manageFollowUpPolicy");
    const org = await assertOrganization(db, actor, c.req.valid("param").id);
    const body = c.req.valid("json");
    const at = now();
    await db.transaction().execute(async (tx) => {
      await lockFollowUpSettings(tx, org.organization_id);
      const before = await followUpSettings(tx, org.organization_id);
      const policy = body.policy;
      await putPolicy(
        tx,
        org.organization_id,
        policy === null
          ? null
          : {
              flags: policy.flags,
              day_count: policy.dayCount,
              notice_days: policy.noticeDays,
              monitoring_days: policy.monitoringDays,
              further_step_days: policy.furtherStepDays,
              prior_notice_days: policy.priorNoticeDays,
              opt_out_allowed: policy.optOutAllowed,
              preset_id: policy.presetId,
            },
        actor.userId,
        at,
      );
      const days = [...body.nonSchoolDays].sort((a, b) => (a.date < b.date ? -1 : 1));
      await replaceNonSchoolDays(tx, org.organization_id, days);
      await audit(
        tx,
        actor,
        before.policy === null ? (policy === null ? "update" : "create") : policy === null ? "delete" : "update",
        "follow_up_policy",
        org.organization_id,
        {
          before: { policy: before.policy, nonSchoolDays: before.nonSchoolDays },
          after: { policy, nonSchoolDays: days },
        },
      );
    });
    const settings = await followUpSettings(db, org.organization_id);
    await syncFollowUps(db, org.organization_id, null, settings, at);
    return c.json(settingsAnswer(org.organization_id, settings), 200);
  });

  app.openapi(getStudent, async (c) => {
    const { db, now } = c.var.deps;
    const actor = requireCapability(c.var.actor, "followUps");
    const student = await assertParticipant(db, actor, c.req.valid("param").id);
    const settings = await followUpSettings(db, student.organization_id);
    const answer = await studentAnswer(db, student.participant_id, student.organization_id, settings, now());
    recordAccess(c, { what: "follow-ups", organizationId: student.organization_id, participantId: student.participant_id });
    return c.json(answer, 200);
  });

  app.openapi(postStep, async (c) => {
    const { db, now } = c.var.deps;
    const actor = requireCapability(c.var.actor, "followUps");
    const id = c.req.valid("param").id;
    const step = c.req.valid("json");
    const at = now();
    const today = localIsoDate(at);
    const found = await followUpOwner(db, id);
    if (!found) throw new ApiError(404, "Follow-up not found");
    const student = await assertParticipant(db, actor, found.participant_id);
    if (step.on > today) throw new ApiError(400, "The date cannot be after today.", ["on: The date cannot be after today."]);
    const settings = await followUpSettings(db, student.organization_id);
    const row = await db.transaction().execute(async (tx) => {
      const current = await lockFollowUp(tx, id);
      if (!current) throw new ApiError(404, "Follow-up not found");
      if (current.closed_on !== null) throw new ApiError(409, FOLLOW_UP_MESSAGES.closed);
      const update: FollowUpUpdate = {};
      if (step.kind === "notice-sent")
        Object.assign(update, { notice_sent_on: step.on, notice_sent_by: actor.userId, notice_method: step.method });
      if (step.kind === "monitoring-started") {
        const deadlines = settings.policy
          ? monitoringDeadlines(step.on, settings.policy, settings.nonSchoolSet)
          : { monitoringEndsOn: null, furtherStepDue: null };
        Object.assign(update, {
          monitoring_started_on: step.on,
          monitoring_ends_on: deadlines.monitoringEndsOn,
          further_step_due: deadlines.furtherStepDue,
        });
      }
      if (step.kind === "outcome") Object.assign(update, { outcome: step.outcome, outcome_on: step.on });
      if (Object.keys(update).length > 0) await updateFollowUp(tx, id, update, at);
      await insertStep(tx, {
        followUpId: id,
        participantId: current.participant_id,
        kind: step.kind,
        onDate: step.on,
        method: step.kind === "notice-sent" ? step.method : null,
        outcome: step.kind === "outcome" ? step.outcome : null,
        note: step.note ?? null,
        recordedBy: actor.userId,
      });
      return (await lockFollowUp(tx, id))!;
    });
    const { academicYear } = await followUpYear(db, student.organization_id, at);
    const optedOut =
      row.academic_year === academicYear && (await optedOutIn(db, student.organization_id, academicYear)).has(row.participant_id);
    const [out] = await withSteps(db, [row], settings.policy, () => optedOut, today);
    return c.json(out!, 200);
  });

  app.openapi(postOptOut, async (c) => {
    const { db, now } = c.var.deps;
    const actor = requireCapability(c.var.actor, "followUps");
    const student = await assertParticipant(db, actor, c.req.valid("param").id);
    const body = c.req.valid("json");
    const at = now();
    if (body.on > localIsoDate(at)) throw new ApiError(400, "The date cannot be after today.", ["on: The date cannot be after today."]);
    const settings = await followUpSettings(db, student.organization_id);
    if (!settings.policy?.optOutAllowed) throw new ApiError(409, FOLLOW_UP_MESSAGES.optOutNotAllowed);
    await db.transaction().execute((tx) =>
      insertOptOut(tx, {
        participantId: student.participant_id,
        academicYear: body.academicYear,
        optedOut: body.optedOut,
        onDate: body.on,
        note: body.note ?? null,
        recordedBy: actor.userId,
      }),
    );
    return c.json(await studentAnswer(db, student.participant_id, student.organization_id, settings, at), 200);
  });
}

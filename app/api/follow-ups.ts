import type { Db } from "#app/db/connect.server";
import {
  closeFollowUp,
  followUpRowsToSync,
  nonSchoolDayRows,
  openFollowUp,
  policyRow,
  profilesForFollowUp,
  reopenFollowUp,
  setFollowUpFlags,
  type FollowUpRow,
  type PolicyRow,
} from "#app/db/queries/follow-up";
import type { IsoDate } from "#app/domain/calendar-date";
import { localIsoDate } from "#app/domain/calendar-date";
import type { DayCount } from "#app/domain/follow-up-days";
import {
  FOLLOW_UP_FLAGS,
  followUpFlags,
  noticeDueOn,
  presetById,
  raisedFlags,
  type FollowUpFlag,
  type FollowUpPolicy,
  type PresetId,
} from "#app/domain/follow-up-policy";
import { followUpStatus, nextStep, type FollowUpState, type Outcome } from "#app/domain/follow-up-steps";
import { academicYearOf } from "#app/domain/periods";
import { loadAssessmentConfig } from "./resources/results";

// Opening and closing follow-ups (issue 38 item 2; docs/decisions/0023-follow-up.md): derived on
// read. Before any follow-up is read or written, `syncFollowUps` compares the students' current
// flags (the grid's verdicts on their predictive profiles, under the district's norms and
// cutoffs) with the stored rows, and opens, reopens or closes rows to match, each with its step.
// Every write is idempotent (insert on conflict do nothing; updates guarded by the closed state),
// so two readers at once make one row and one step.

export function policyOf(row: PolicyRow | undefined): FollowUpPolicy | null {
  if (!row) return null;
  return {
    flags: row.flags.filter((f): f is FollowUpFlag => (FOLLOW_UP_FLAGS as readonly string[]).includes(f)),
    dayCount: row.day_count as DayCount,
    noticeDays: row.notice_days,
    monitoringDays: row.monitoring_days,
    furtherStepDays: row.further_step_days,
    priorNoticeDays: row.prior_notice_days,
    optOutAllowed: row.opt_out_allowed,
    presetId: presetById(row.preset_id)?.id ?? (null as PresetId | null),
  };
}

export type DistrictFollowUpSettings = {
  policy: FollowUpPolicy | null;
  policyRow: PolicyRow | undefined;
  nonSchoolDays: { date: IsoDate; label: string | null }[];
  nonSchoolSet: ReadonlySet<IsoDate>;
};

export async function followUpSettings(db: Db, organizationId: string): Promise<DistrictFollowUpSettings> {
  const [row, days] = await Promise.all([policyRow(db, organizationId), nonSchoolDayRows(db, organizationId)]);
  const nonSchoolDays = days.map((d) => ({ date: d.day, label: d.label }));
  return { policy: policyOf(row), policyRow: row, nonSchoolDays, nonSchoolSet: new Set(nonSchoolDays.map((d) => d.date)) };
}

/**
 * The district's settings when it has a policy, else null, at the cost of one read: for the pages
 * every teacher opens (the classroom grid's marks, the student page's next step), which in a
 * district without a policy should cost no more than that. With one, the non-school days follow.
 */
export async function followUpSettingsIfPolicy(db: Db, organizationId: string): Promise<DistrictFollowUpSettings | null> {
  const row = await policyRow(db, organizationId);
  if (!policyOf(row)) return null;
  const nonSchoolDays = (await nonSchoolDayRows(db, organizationId)).map((d) => ({ date: d.day, label: d.label }));
  return { policy: policyOf(row), policyRow: row, nonSchoolDays, nonSchoolSet: new Set(nonSchoolDays.map((d) => d.date)) };
}

/** The school year follow-ups are kept for: the district calendar's current one, else today's. */
export async function followUpYear(db: Db, organizationId: string, now: Date) {
  const config = await loadAssessmentConfig(db, organizationId, now);
  return { academicYear: config.academicYear ?? academicYearOf(localIsoDate(now)), standards: config.standards };
}

const sameFlags = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((f) => b.includes(f));

/**
 * Makes the stored follow-ups of a school year match the flags now (for the district, or only
 * `participantIds`). Without a policy nothing is opened or closed. Returns nothing; read the rows after.
 */
export async function syncFollowUps(
  db: Db,
  organizationId: string,
  participantIds: readonly string[] | null,
  settings: DistrictFollowUpSettings,
  now: Date,
): Promise<{ academicYear: string }> {
  const { academicYear, standards } = await followUpYear(db, organizationId, now);
  const policy = settings.policy;
  if (!policy) return { academicYear };
  const today = localIsoDate(now);
  const [profiles, rows] = await Promise.all([
    profilesForFollowUp(db, organizationId, academicYear, participantIds),
    followUpRowsToSync(db, organizationId, academicYear, participantIds),
  ]);
  const key = (participantId: string, period: string) => `${participantId}|${period}`;
  const stored = new Map(rows.map((r) => [key(r.participant_id, r.period_name), r]));
  const wanted = new Map<string, { flags: FollowUpFlag[]; participantId: string; period: "BOY" | "MOY" | "EOY"; flaggedOn: IsoDate }>();
  for (const p of profiles) {
    const scores = { pwr: p.pwr, dyslexia: p.dyslexia, kready: p.kready, pkRisk: p.pk_risk };
    const flags = followUpFlags(policy, raisedFlags(p.grade, p.period_name, scores, standards));
    if (flags.length === 0) continue;
    // The day the flagging results were recorded (UTC, as the API reads instants); never after today.
    const recorded = new Date(p.computed_at).toISOString().slice(0, 10);
    wanted.set(key(p.participant_id, p.period_name), {
      flags,
      participantId: p.participant_id,
      period: p.period_name,
      flaggedOn: recorded > today ? today : recorded,
    });
  }

  const work: ((tx: Db) => Promise<unknown>)[] = [];
  for (const [k, w] of wanted) {
    const row = stored.get(k);
    if (!row) {
      work.push((tx) =>
        openFollowUp(tx, {
          participantId: w.participantId,
          organizationId,
          academicYear,
          periodName: w.period,
          flags: w.flags,
          flaggedOn: w.flaggedOn,
          noticeDue: noticeDueOn(w.flaggedOn, policy, settings.nonSchoolSet),
        }),
      );
    } else if (row.closed_on !== null) {
      work.push((tx) => reopenFollowUp(tx, row.follow_up_id, today, w.flags, now));
    } else if (!sameFlags(row.flags, w.flags)) {
      work.push((tx) => setFollowUpFlags(tx, row.follow_up_id, w.flags, now));
    }
  }
  for (const [k, row] of stored) {
    if (!wanted.has(k) && row.closed_on === null) work.push((tx) => closeFollowUp(tx, row.follow_up_id, today, "no-longer-flagged", now));
  }
  if (work.length > 0)
    await db.transaction().execute(async (tx) => {
      for (const w of work) await w(tx);
    });
  return { academicYear };
}

export function stateOf(row: FollowUpRow): FollowUpState {
  return {
    noticeDue: row.notice_due,
    noticeSentOn: row.notice_sent_on,
    monitoringStartedOn: row.monitoring_started_on,
    monitoringEndsOn: row.monitoring_ends_on,
    furtherStepDue: row.further_step_due,
    outcome: row.outcome as Outcome | null,
    closedOn: row.closed_on,
  };
}

export function standingOf(row: FollowUpRow, policy: FollowUpPolicy | null, optedOut: boolean, today: IsoDate) {
  const hasMonitoring = policy?.monitoringDays != null;
  const state = stateOf(row);
  return { nextStep: nextStep(state, hasMonitoring), status: followUpStatus(state, hasMonitoring, optedOut, today) };
}

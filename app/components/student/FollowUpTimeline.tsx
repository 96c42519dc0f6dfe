import { Form } from "@remix-run/react";
import { dueText, NEXT_STEP_LABELS } from "#app/domain/follow-up-lists";
import { FOLLOW_UP_INTENTS } from "#app/domain/follow-up-forms";
import { CHECK_WITH_YOUR_STATE, FOLLOW_UP_FLAG_LABELS, NOT_SET_TEXT, type FollowUpFlag } from "#app/domain/follow-up-policy";
import {
  CLOSE_REASON_LABELS,
  FOLLOW_UP_STATUS_LABELS,
  NOTICE_METHOD_LABELS,
  NOTICE_METHODS,
  OUTCOME_LABELS,
  OUTCOMES,
  STEP_LABELS,
  type CloseReason,
  type FollowUpStatus,
  type NoticeMethod,
  type Outcome,
  type StepKind,
} from "#app/domain/follow-up-steps";
import { PERIOD_LABELS, type Period } from "#app/domain/periods";
import type { ApiSchema } from "#app/lib/api.server";
import type { StepReply } from "#app/lib/follow-up.server";
import { ErrorAlert } from "../ErrorAlert";

// A student's follow-ups after a flag (issue 38 items 2, 3): per school year and period, why it
// opened, the timeline of every step with who recorded it, the next due step with its date (or
// 'not set'), and a form per step. Plain POST forms: they work without JavaScript and by
// keyboard; the API checks the caller and every rule again.

type Data = ApiSchema<"StudentFollowUps">;
type FollowUp = Data["followUps"][number];
type Reply = StepReply["stepForm"] | undefined;

const flagsText = (flags: readonly string[]) => flags.map((f) => FOLLOW_UP_FLAG_LABELS[f as FollowUpFlag] ?? f).join(", ");

/** The lists' deadline words (app/domain/follow-up-lists.ts), with why there is none. */
const dueWords = (due: string | null, today: string) =>
  due === null ? `${dueText(null, today)} (the district's policy sets no deadline for it)` : dueText(due, today);

function stepText(s: FollowUp["steps"][number]): string {
  const base = STEP_LABELS[s.kind as StepKind] ?? s.kind;
  const parts = [base];
  if (s.flags?.length) parts.push(flagsText(s.flags));
  if (s.method) parts.push(NOTICE_METHOD_LABELS[s.method as NoticeMethod]);
  if (s.outcome) parts.push(OUTCOME_LABELS[s.outcome as Outcome]);
  if (s.kind === "closed" && s.note) parts.push(CLOSE_REASON_LABELS[s.note as CloseReason] ?? s.note);
  else if (s.note) parts.push(`“${s.note}”`);
  return parts.join(": ");
}

export function FollowUpTimeline({ data, today, reply }: { data: Data; today: string; reply: Reply }) {
  return (
    <div className="follow-up">
      {data.policy === null ? <p className="alert">{data.noPolicyText}</p> : null}
      {data.preset ? (
        <p className="muted">
          The district&apos;s policy started from the {data.preset.state} preset ({data.preset.citation ?? `citation ${NOT_SET_TEXT}`}):{" "}
          {CHECK_WITH_YOUR_STATE}.
        </p>
      ) : null}
      {data.optedOut ? <p className="alert">The family has opted this student out of screening for {data.academicYear}.</p> : null}
      {reply?.followUpId === "opt-out" ? <ErrorAlert message={reply.formError} /> : null}
      {data.followUps.length === 0 && data.policy !== null ? (
        <p>No follow-ups: this student has not been flagged under the district&apos;s policy.</p>
      ) : null}
      {data.followUps.map((f) => (
        <FollowUpCard key={f.followUpId} f={f} today={today} reply={reply?.followUpId === f.followUpId ? reply : undefined} />
      ))}
      {data.policy?.optOutAllowed ? <OptOutForm data={data} today={today} /> : null}
    </div>
  );
}

function FollowUpCard({ f, today, reply }: { f: FollowUp; today: string; reply: Reply }) {
  const titleId = `fu-${f.followUpId}-title`;
  const overdue = f.status === "overdue";
  return (
    <section className="follow-up__card" aria-labelledby={titleId}>
      <h2 id={titleId}>
        {PERIOD_LABELS[f.periodName as Period]} {f.academicYear}: {FOLLOW_UP_STATUS_LABELS[f.status as FollowUpStatus]}
      </h2>
      <p>
        Flagged on {f.flaggedOn} for {flagsText(f.flags)}. Notice due: {f.noticeDue ?? NOT_SET_TEXT}.
        {f.monitoringStartedOn
          ? ` Monitoring ends: ${f.monitoringEndsOn ?? NOT_SET_TEXT}. Further step due: ${f.furtherStepDue ?? NOT_SET_TEXT}.`
          : ""}
      </p>
      {f.closedOn ? (
        <p>
          Closed on {f.closedOn}: {CLOSE_REASON_LABELS[f.closeReason as CloseReason] ?? f.closeReason}.
        </p>
      ) : null}
      {f.nextStep ? (
        <p className={`follow-up__next${overdue ? " follow-up__overdue" : ""}`}>
          Next step: {NEXT_STEP_LABELS[f.nextStep.step]}. {dueWords(f.nextStep.due, today)}.
        </p>
      ) : null}
      <h3 id={`${titleId}-timeline`}>Timeline</h3>
      <ol className="follow-up__timeline" aria-labelledby={`${titleId}-timeline`}>
        {f.steps.map((s) => (
          <li key={s.stepId}>
            <time dateTime={s.on}>{s.on}</time> {stepText(s)} (
            {s.recordedBy ? `recorded by ${s.recordedBy.name}` : "recorded by the system"})
          </li>
        ))}
      </ol>
      {f.closedOn === null ? <StepForms f={f} today={today} reply={reply} /> : null}
    </section>
  );
}

function StepForms({ f, today, reply }: { f: FollowUp; today: string; reply: Reply }) {
  const id = (kind: string, field: string) => `fu-${f.followUpId}-${kind}-${field}`;
  const errorFor = (kind: string, field: string) => (reply?.kind === kind ? reply.errors[field] : undefined);
  const formError = (kind: string) => (reply?.kind === kind ? reply.formError : null);
  const hidden = (kind: string) => (
    <>
      <input type="hidden" name="intent" value={FOLLOW_UP_INTENTS.step} />
      <input type="hidden" name="followUpId" value={f.followUpId} />
      <input type="hidden" name="kind" value={kind} />
    </>
  );
  const dateField = (kind: string) => {
    const error = errorFor(kind, "on");
    return (
      <div className="follow-up__field">
        <label htmlFor={id(kind, "on")}>Date (YYYY-MM-DD)</label>
        <input
          id={id(kind, "on")}
          name="on"
          defaultValue={today}
          size={12}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? id(kind, "on-error") : undefined}
        />
        {error ? (
          <p id={id(kind, "on-error")} className="field__error">
            {error}
          </p>
        ) : null}
      </div>
    );
  };
  return (
    <div className="follow-up__forms">
      {f.noticeSentOn === null || f.nextStep?.step === "notice-sent" ? (
        <Form method="post" noValidate className="follow-up__form">
          {hidden("notice-sent")}
          <fieldset>
            <legend>Record the notice as sent</legend>
            <ErrorAlert message={formError("notice-sent")} />
            {dateField("notice-sent")}
            <fieldset aria-describedby={errorFor("notice-sent", "method") ? id("notice-sent", "method-error") : undefined}>
              <legend>How it was sent</legend>
              {NOTICE_METHODS.map((m, i) => (
                <label key={m} className="follow-up-policy__check">
                  <input type="radio" name="method" value={m} defaultChecked={i === 0} /> {NOTICE_METHOD_LABELS[m]}
                </label>
              ))}
              {errorFor("notice-sent", "method") ? (
                <p id={id("notice-sent", "method-error")} className="field__error">
                  {errorFor("notice-sent", "method")}
                </p>
              ) : null}
            </fieldset>
            <button type="submit" className="button button--primary">
              Record notice sent
            </button>
          </fieldset>
        </Form>
      ) : null}
      {f.monitoringStartedOn === null ? (
        <Form method="post" noValidate className="follow-up__form">
          {hidden("monitoring-started")}
          <fieldset>
            <legend>Record monitoring started</legend>
            <ErrorAlert message={formError("monitoring-started")} />
            {dateField("monitoring-started")}
            <button type="submit" className="button">
              Record monitoring started
            </button>
          </fieldset>
        </Form>
      ) : null}
      <Form method="post" noValidate className="follow-up__form">
        {hidden("outcome")}
        <fieldset>
          <legend>Record the outcome</legend>
          <ErrorAlert message={formError("outcome")} />
          {dateField("outcome")}
          <label htmlFor={id("outcome", "outcome")}>Outcome</label>
          <select id={id("outcome", "outcome")} name="outcome" defaultValue={f.outcome ?? OUTCOMES[0]}>
            {OUTCOMES.map((o) => (
              <option key={o} value={o}>
                {OUTCOME_LABELS[o]}
              </option>
            ))}
          </select>
          <button type="submit" className="button">
            Record outcome
          </button>
        </fieldset>
      </Form>
      <Form method="post" noValidate className="follow-up__form">
        {hidden("note")}
        <fieldset>
          <legend>Add a note</legend>
          <ErrorAlert message={formError("note")} />
          {dateField("note")}
          <label htmlFor={id("note", "note")}>Note</label>
          <textarea
            id={id("note", "note")}
            name="note"
            rows={3}
            aria-invalid={errorFor("note", "note") ? true : undefined}
            aria-describedby={errorFor("note", "note") ? id("note", "note-error") : undefined}
          />
          {errorFor("note", "note") ? (
            <p id={id("note", "note-error")} className="field__error">
              {errorFor("note", "note")}
            </p>
          ) : null}
          <button type="submit" className="button">
            Add note
          </button>
        </fieldset>
      </Form>
    </div>
  );
}

function OptOutForm({ data, today }: { data: Data; today: string }) {
  return (
    <Form method="post" noValidate className="follow-up__form follow-up__card">
      <input type="hidden" name="intent" value={FOLLOW_UP_INTENTS.optOut} />
      <input type="hidden" name="academicYear" value={data.academicYear} />
      <input type="hidden" name="optedOut" value={data.optedOut ? "false" : "true"} />
      <fieldset>
        <legend>{data.optedOut ? "Withdraw the family's opt-out of screening" : "Record the family's written opt-out of screening"}</legend>
        <div className="follow-up__field">
          <label htmlFor="fu-optout-on">Date received (YYYY-MM-DD)</label>
          <input id="fu-optout-on" name="on" defaultValue={today} size={12} />
        </div>
        <div className="follow-up__field">
          <label htmlFor="fu-optout-note">Note (optional)</label>
          <input id="fu-optout-note" name="note" />
        </div>
        <button type="submit" className="button">
          {data.optedOut ? "Withdraw opt-out" : "Record opt-out"}
        </button>
      </fieldset>
    </Form>
  );
}

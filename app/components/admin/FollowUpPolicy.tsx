import { Form, Link } from "@remix-run/react";
import { DAY_COUNT_LABELS, DAY_COUNTS } from "#app/domain/follow-up-days";
import { DAY_FIELD_LABELS, DAY_FIELDS, FOLLOW_UP_INTENTS, type PolicyFormValues } from "#app/domain/follow-up-forms";
import { CHECK_WITH_YOUR_STATE, FOLLOW_UP_FLAG_LABELS, FOLLOW_UP_FLAGS, NOT_SET_TEXT } from "#app/domain/follow-up-policy";
import type { FollowUpFormReply, FollowUpTabData } from "#app/lib/follow-up.server";
// From the page kit, so a district tab that loads this on its own shares the pages' one chunk (app/components/page-kit.ts).
import { ErrorAlert } from "#app/components/page-kit";

// The district page's 'Follow-up policy' tab (issue 38 items 1 and 6): start from a state preset
// (a GET form: the preset's figures fill the form, nothing is saved), change any figure, save.
// An empty figure is 'not set'. The preset's citation and 'check with your state' stay in view.
// Plain forms: they work without JavaScript and by keyboard; the API checks every rule again and
// its messages come back under their fields (aria-invalid, aria-describedby).

type Reply = FollowUpFormReply["followUpForm"] | undefined;

export function FollowUpPolicy({ data, reply }: { data: FollowUpTabData; reply: Reply }) {
  const values = reply?.values ?? data.values;
  const errors = reply?.errors ?? {};
  const settings = data.settings;
  const shownPreset = data.draftPreset ?? data.presets.find((p) => p.id === values.presetId) ?? null;
  return (
    <section className="follow-up-policy" aria-labelledby="follow-up-policy-title">
      <h2 id="follow-up-policy-title">Follow-up policy</h2>
      <p>
        A flag starts the district&apos;s duties: a notice to the family, monitoring, a further step. The policy says which flags start a
        follow-up and the deadlines that follow; staff then see each flagged student&apos;s next step and when it is due.
      </p>
      <ErrorAlert message={data.error} />
      {settings && settings.policy === null && !data.draftPreset ? (
        <p className="follow-up-policy__status">{settings.noPolicyText}</p>
      ) : null}
      {settings?.policy && settings.updatedAt ? (
        <p className="follow-up-policy__status">Saved policy, last changed {settings.updatedAt.slice(0, 10)}.</p>
      ) : null}

      <Form method="get" className="follow-up-policy__preset">
        <input type="hidden" name="tab" value="followUp" />
        <label htmlFor="follow-up-preset">Start from a state preset</label>
        <select id="follow-up-preset" name="preset" defaultValue={data.draftPreset?.id ?? ""}>
          <option value="">Choose a state</option>
          {data.presets.map((p) => (
            <option key={p.id} value={p.id}>
              {p.state}
            </option>
          ))}
        </select>
        <button type="submit" className="button">
          Fill the form from this preset
        </button>
      </Form>
      {data.draftPreset ? (
        <p className="alert" role="status">
          The form holds the {data.draftPreset.state} preset. Nothing is saved until you choose Save policy.
        </p>
      ) : null}

      {shownPreset ? (
        <div className="follow-up-policy__citation">
          <h3>{shownPreset.state} preset</h3>
          <p>Citation: {shownPreset.citation ?? NOT_SET_TEXT}</p>
          <p>{shownPreset.summary}</p>
          <p>
            <strong>Presets are a starting point, not legal advice: {CHECK_WITH_YOUR_STATE}.</strong>
          </p>
        </div>
      ) : (
        <p>
          <strong>Deadlines differ by state and change: {CHECK_WITH_YOUR_STATE}.</strong>
        </p>
      )}

      <Form
        method="post"
        noValidate
        className="follow-up-policy__form"
        key={`${data.draftPreset?.id ?? "saved"}-${settings?.updatedAt ?? ""}`}
      >
        <input type="hidden" name="intent" value={FOLLOW_UP_INTENTS.savePolicy} />
        <input type="hidden" name="presetId" value={values.presetId} />
        <ErrorAlert message={reply?.formError} />
        <fieldset aria-describedby={errors.flags ? "fu-flags-error" : undefined}>
          <legend>Flags that start a follow-up</legend>
          {FOLLOW_UP_FLAGS.map((flag) => (
            <label key={flag} className="follow-up-policy__check">
              <input type="checkbox" name="flags" value={flag} defaultChecked={values.flags.includes(flag)} /> {FOLLOW_UP_FLAG_LABELS[flag]}
            </label>
          ))}
          <FieldError id="fu-flags-error" message={errors.flags} />
        </fieldset>
        <fieldset>
          <legend>Count deadlines in</legend>
          {DAY_COUNTS.map((count) => (
            <label key={count} className="follow-up-policy__check">
              <input type="radio" name="dayCount" value={count} defaultChecked={values.dayCount === count} /> {DAY_COUNT_LABELS[count]}
            </label>
          ))}
          <p className="muted">School days skip Saturdays, Sundays and the district&apos;s non-school days below.</p>
        </fieldset>
        {DAY_FIELDS.map((field) => (
          <DaysField key={field} name={field} label={DAY_FIELD_LABELS[field]} value={values[field]} error={errors[field]} />
        ))}
        <label className="follow-up-policy__check">
          <input type="checkbox" name="optOutAllowed" defaultChecked={values.optOutAllowed} /> Families may opt their child out of screening
        </label>
        <div className="follow-up-policy__field">
          <label htmlFor="fu-nonSchoolDays">Non-school days (one a line: YYYY-MM-DD, then an optional label)</label>
          <textarea
            id="fu-nonSchoolDays"
            name="nonSchoolDays"
            rows={6}
            defaultValue={values.nonSchoolDays}
            aria-invalid={errors.nonSchoolDays ? true : undefined}
            aria-describedby={errors.nonSchoolDays ? "fu-nonSchoolDays-error" : "fu-nonSchoolDays-hint"}
          />
          <p id="fu-nonSchoolDays-hint" className="muted">
            For example: 2026-11-26 Thanksgiving. School-day deadlines skip these days.
          </p>
          <FieldError id="fu-nonSchoolDays-error" message={errors.nonSchoolDays} />
        </div>
        <div>
          <button type="submit" className="button button--primary">
            Save policy
          </button>
        </div>
      </Form>
      {settings ? (
        <div className="follow-up-policy__citation">
          <h3>Family notice letter</h3>
          <p>
            The letter families get after a flag, in English and Spanish, printed from a student&apos;s follow-up page or for a class.{" "}
            <Link to={`/district/${settings.organizationId}/notice-letter`}>Edit the family notice letter</Link>
          </p>
        </div>
      ) : null}
    </section>
  );
}

function DaysField({ name, label, value, error }: { name: string; label: string; value: string; error?: string }) {
  const id = `fu-${name}`;
  return (
    <div className="follow-up-policy__field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        inputMode="numeric"
        defaultValue={value}
        size={5}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
      />
      <p id={`${id}-hint`} className="muted">
        {value.trim() === "" ? `Empty: ${NOT_SET_TEXT}.` : "Leave empty for 'not set'."}
      </p>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="field__error">
      {message}
    </p>
  );
}

export type { PolicyFormValues };

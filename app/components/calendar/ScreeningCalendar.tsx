import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useId, useRef } from "react";
import { CALENDAR_CONFIRM, CALENDAR_INTENTS, calendarField, DELETE_YEAR_PARAM, STANDARD_PARAM } from "#app/domain/calendar-form";
import type { CalendarTabData } from "#app/lib/calendar.server";
// From the page kit, so a district tab that loads this on its own shares the pages' one chunk (app/components/page-kit.ts).
import { ErrorAlert } from "#app/components/page-kit";
import { formFields, useFormReply, type FormFields, type FormReply } from "../form-reply";

// The district page's Screening Calendar tab (issue 16): the school years as links (the year is
// in the URL, ?year=), the chosen year's windows and each grade's tests, an edit form and the
// rollover button. Plain forms posting to the district route's action: they work without
// JavaScript. After a refused save the fields show what was typed and each message sits under
// its field (aria-invalid, aria-describedby); the first invalid field takes the focus. New dates
// that move results to another period are saved only once the administrator has read what they
// move and confirmed it; a year's calendar can be deleted after a question (the API refuses while
// it holds results). Dates are written YYYY-MM-DD everywhere here: fields, messages and summary.
// A district without any calendar starts with the standard tests ticked and no dates (issue 35
// item 7); 'Use the standard calendar' puts those tests in the form of any year.

const SUBMIT_FAILED = "The calendar was not saved: correct the fields marked below.";

export function ScreeningCalendar({ data }: { data: CalendarTabData }) {
  const { search } = useLocation();
  const reply = useFormReply((r) => r.initialValue?.intent === CALENDAR_INTENTS.save && r.initialValue?.academicYear === data.year);
  const fields = formFields(reply, data.form.values);
  const version = fields.text("version").defaultValue || data.stored?.version || "";
  const yearHref = (year: string, deleting = false, standard = false) => {
    const params = new URLSearchParams(search);
    params.set("tab", "calendar");
    params.set("year", year);
    if (deleting) params.set(DELETE_YEAR_PARAM, year);
    else params.delete(DELETE_YEAR_PARAM);
    if (standard) params.set(STANDARD_PARAM, "");
    else params.delete(STANDARD_PARAM);
    return `?${params}`;
  };
  const deleting = data.stored !== null && new URLSearchParams(search).get(DELETE_YEAR_PARAM) === data.year;
  return (
    <section className="calendar" aria-labelledby="calendar-title">
      <h2 id="calendar-title">Screening calendar</h2>
      <ErrorAlert message={data.error} />
      {data.years.length > 0 ? (
        <nav aria-label="School years" className="calendar__years">
          <ul>
            {data.years.map((y) => (
              <li key={y}>
                <Link to={yearHref(y)} aria-current={y === data.year ? "page" : undefined} preventScrollReset>
                  {y}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : data.error ? null : (
        <p>
          This district has no screening calendar yet. The standard tests of each grade are ticked below, the same in BOY, MOY and EOY:
          enter the {data.year} windows and save. The dates are left for you to enter, as there are no standard dates.
        </p>
      )}
      {data.nextYear ? <Rollover nextYear={data.nextYear} /> : null}

      {data.stored ? <Summary data={data} /> : null}
      {data.stored ? (
        deleting ? (
          <DeleteYear year={data.year} keepHref={yearHref(data.year)} />
        ) : (
          <p>
            <Link to={yearHref(data.year, true)} preventScrollReset>
              Delete the {data.year} calendar…
            </Link>
          </p>
        )
      ) : null}

      {data.error ? null : (
        <Form method="post" noValidate className="calendar__form" aria-labelledby="calendar-edit-title" preventScrollReset>
          <h3 id="calendar-edit-title">Edit the {data.year} calendar</h3>
          <input type="hidden" name="intent" value={CALENDAR_INTENTS.save} />
          <input type="hidden" name="academicYear" value={data.year} />
          {version ? <input type="hidden" name="version" value={version} /> : null}
          <p className="calendar__hint">
            Each window runs from its start date to its end date, both included. BOY, MOY and EOY follow one another without overlapping,
            within the school year (July 1 to June 30).
          </p>
          {data.stored && data.form.standard ? (
            <p className="calendar__hint">
              The standard tests of each grade are ticked below in place of the saved ones; nothing changes until you save.{" "}
              <Link to={yearHref(data.year)} preventScrollReset>
                Show the saved tests again
              </Link>
            </p>
          ) : null}
          {data.form.standard ? null : (
            <p>
              <Link to={yearHref(data.year, false, true)} preventScrollReset>
                Use the standard calendar
              </Link>{" "}
              <span className="calendar__hint">(ticks the standard tests of each grade and period; the dates stay as they are)</span>
            </p>
          )}
          {/* Keyed on the year, version and tests shown: after a save (or a refusal as stale) the fields start over from the stored values. */}
          <CalendarFields key={`${data.year}:${version}:${data.form.standard}`} data={data} fields={fields} reply={reply} />
        </Form>
      )}
    </section>
  );
}

/** The question before a year's calendar is deleted: a plain form, and a link back that keeps it. */
function DeleteYear({ year, keepHref }: { year: string; keepHref: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === CALENDAR_INTENTS.deleteYear;
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} className="calendar__confirm" role="group" aria-labelledby="calendar-delete-title">
      <h3 id="calendar-delete-title">Delete the {year} calendar?</h3>
      <p>
        Its windows and the tests of each grade are removed. Only a calendar that holds no results can be deleted: one that does stays as it
        is.
      </p>
      <Form method="post" className="calendar__actions" preventScrollReset>
        <input type="hidden" name="intent" value={CALENDAR_INTENTS.deleteYear} />
        <input type="hidden" name="academicYear" value={year} />
        <button
          type="submit"
          className="button button--danger"
          aria-disabled={busy || undefined}
          onClick={(e) => busy && e.preventDefault()}
        >
          {busy ? "Deleting…" : `Delete the ${year} calendar`}
        </button>
        <Link to={keepHref} preventScrollReset>
          Keep it
        </Link>
      </Form>
    </div>
  );
}

function Rollover({ nextYear }: { nextYear: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === CALENDAR_INTENTS.rollover;
  return (
    <Form method="post" className="calendar__rollover">
      <input type="hidden" name="intent" value={CALENDAR_INTENTS.rollover} />
      <input type="hidden" name="academicYear" value={nextYear} />
      <button type="submit" className="button" aria-disabled={busy || undefined} onClick={(e) => busy && e.preventDefault()}>
        {busy ? "Starting…" : `Start school year ${nextYear}`}
      </button>
      <span className="calendar__hint">Copies the latest year&apos;s windows (one year later) and tests.</span>
    </Form>
  );
}

/** The chosen year as stored: the windows, then each grade's tests per period. */
function Summary({ data }: { data: CalendarTabData }) {
  const values = data.stored!.values;
  const title = (grade: string, code: string) =>
    data.grades.find((g) => g.grade === grade)?.tests.find((t) => t.code === code)?.title ?? code;
  return (
    <div className="calendar__summary">
      <div className="table-wrap">
        <table className="table">
          <caption>Screening windows, {data.year}</caption>
          <thead>
            <tr>
              <th scope="col">Period</th>
              <th scope="col">Start</th>
              <th scope="col">End</th>
            </tr>
          </thead>
          <tbody>
            {data.periods.map((p) => (
              <tr key={p.name}>
                <th scope="row">{p.label}</th>
                <td>{values[calendarField.start(p.name)] ?? "—"}</td>
                <td>{values[calendarField.end(p.name)] ?? "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="table-wrap">
        <table className="table">
          <caption>Tests by grade, {data.year}</caption>
          <PeriodHead first="Grade" periods={data.periods} />
          <tbody>
            {data.grades.map((g) => (
              <tr key={g.grade}>
                <th scope="row">{g.label}</th>
                {data.periods.map((p) => {
                  const codes = values[calendarField.tests(p.name, g.grade)];
                  const list = Array.isArray(codes) ? codes : [];
                  return <td key={p.name}>{list.length > 0 ? list.map((c) => title(g.grade, c)).join(", ") : "Not screened"}</td>;
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function CalendarFields({ data, fields, reply }: { data: CalendarTabData; fields: FormFields; reply: FormReply | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === CALENDAR_INTENTS.save;
  const ref = useRef<HTMLDivElement>(null);
  const shown = reply?.initialValue?.[CALENDAR_CONFIRM.shown];
  // The save waits for a confirmation: what the dates move, one line each.
  const moves = Array.isArray(shown) ? shown.filter((line): line is string => typeof line === "string") : null;
  const failed = !moves && Object.values(reply?.error ?? {}).some((messages) => Boolean(messages?.length));
  const confirmRef = useRef<HTMLDivElement>(null);
  // A new refusal: the first invalid field takes the focus (without JavaScript, its autofocus does);
  // a save waiting for a confirmation: the question does.
  useEffect(() => {
    if (!reply) return;
    if (moves) confirmRef.current?.focus();
    else ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reply]);
  let focusTaken = false;
  /** autoFocus for the first invalid field only. */
  const takeFocus = (invalid: boolean) => {
    if (!invalid || focusTaken) return undefined;
    focusTaken = true;
    return true;
  };
  return (
    <div ref={ref} className="calendar__fields">
      {failed ? (
        <p className="alert alert--error" role="alert">
          {fields.formError ?? SUBMIT_FAILED}
        </p>
      ) : null}
      <div className="calendar__periods">
        {data.periods.map((p) => (
          <fieldset key={p.name} className="calendar__period">
            <legend>{p.label}</legend>
            <DateInput
              label="Start date"
              {...fields.text(calendarField.start(p.name))}
              focus={takeFocus(Boolean(fields.error(calendarField.start(p.name))))}
            />
            <DateInput
              label="End date"
              {...fields.text(calendarField.end(p.name))}
              focus={takeFocus(Boolean(fields.error(calendarField.end(p.name))))}
            />
          </fieldset>
        ))}
      </div>
      <fieldset className="calendar__grades">
        <legend>Tests by grade and period</legend>
        {data.grades.map((g) => (
          <GradeTests key={g.grade} grade={g} periods={data.periods} fields={fields} takeFocus={takeFocus} />
        ))}
      </fieldset>
      {moves ? (
        // After the fields, so that Enter in a field still means 'Save calendar' (the first submit button), which counts again.
        <div ref={confirmRef} tabIndex={-1} className="calendar__confirm" role="alert" aria-labelledby="calendar-moves-title">
          <h4 id="calendar-moves-title">{fields.formError}</h4>
          <ul>
            {moves.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p>Confirm to save these dates and move the results, or change the dates above and save again.</p>
          <input type="hidden" name={CALENDAR_CONFIRM.shown} value={moves.join("\n")} />
        </div>
      ) : null}
      <div className="calendar__actions">
        <button
          type="submit"
          className={moves ? "button" : "button button--primary"}
          aria-disabled={busy || undefined}
          onClick={(e) => busy && e.preventDefault()}
        >
          {busy ? "Saving…" : "Save calendar"}
        </button>
        {moves ? (
          <button
            type="submit"
            name={CALENDAR_CONFIRM.button}
            value="yes"
            className="button button--primary"
            aria-disabled={busy || undefined}
            onClick={(e) => busy && e.preventDefault()}
          >
            Confirm and save
          </button>
        ) : null}
      </div>
    </div>
  );
}

function DateInput({
  label,
  name,
  defaultValue,
  error,
  focus,
}: {
  label: string;
  name: string;
  defaultValue: string;
  error?: string;
  /** The first invalid field after a refused save (autofocus). */
  focus?: boolean;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label} (YYYY-MM-DD)</label>
      {/* A text field, not type=date: the browser would show the date in its own locale's format (04/01/2027), unlike the rest of the screen. */}
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        maxLength={10}
        size={12}
        name={name}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        // Only the first invalid field after a refused save, never on a fresh form.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus={focus}
      />
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** One grade: a row per test it can take, a checkbox per period; a period's message for the grade under the table. */
/** A header row of a table with one column per period (BOY, MOY, EOY) after `first`. */
function PeriodHead({ first, periods }: { first: string; periods: CalendarTabData["periods"] }) {
  return (
    <thead>
      <tr>
        <th scope="col">{first}</th>
        {periods.map((p) => (
          <th key={p.name} scope="col">
            {p.name}
          </th>
        ))}
      </tr>
    </thead>
  );
}

function GradeTests({
  grade,
  periods,
  fields,
  takeFocus,
}: {
  grade: CalendarTabData["grades"][number];
  periods: CalendarTabData["periods"];
  fields: FormFields;
  takeFocus: (invalid: boolean) => true | undefined;
}) {
  const id = useId();
  const errors = periods.map((p) => ({ period: p.name, error: fields.error(calendarField.tests(p.name, grade.grade)) }));
  return (
    <div className="calendar__grade">
      <table className="table calendar__tests">
        <caption>Grade {grade.label}</caption>
        <PeriodHead first="Test" periods={periods} />
        <tbody>
          {grade.tests.map((t) => (
            <tr key={t.code}>
              <th scope="row">{t.title}</th>
              {periods.map((p) => {
                const name = calendarField.tests(p.name, grade.grade);
                const error = fields.error(name);
                return (
                  <td key={p.name}>
                    <input
                      type="checkbox"
                      name={name}
                      value={t.code}
                      defaultChecked={fields.list(name).defaultValues.includes(t.code)}
                      aria-label={`${t.title}, grade ${grade.label}, ${p.name}`}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${id}-${p.name}-error` : undefined}
                      // eslint-disable-next-line jsx-a11y/no-autofocus
                      autoFocus={takeFocus(Boolean(error))}
                    />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {errors.map(({ period, error }) =>
        error ? (
          <p key={period} id={`${id}-${period}-error`} className="field__error">
            {period}: {error}
          </p>
        ) : null,
      )}
    </div>
  );
}

import { Form } from "@remix-run/react";
import { Fragment, useEffect, useState } from "react";
import { NOTICE_INTENTS, noticesCount } from "#app/domain/family-notice";
import { ErrorAlert } from "../ErrorAlert";

// The family notice letter (issue 38 item 4) as a sheet of paper, and the form that records
// printed letters as sent. The letter's words come filled in from the API; they are printed as
// text, never as markup.

export type NoticeLetterView = { participantId: string; title: string; paragraphs: string[][] };

export function FamilyNotice({ letter, lang, headingLevel = 2 }: { letter: NoticeLetterView; lang: string; headingLevel?: 2 | 3 }) {
  const id = `family-notice-${letter.participantId}`;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="family-notice" lang={lang} aria-labelledby={id} data-participant-id={letter.participantId}>
      <Heading id={id} className="family-notice__title">
        {letter.title}
      </Heading>
      {letter.paragraphs.map((lines, i) => (
        <p key={i}>
          {lines.map((line, j) => (
            <Fragment key={j}>
              {j > 0 ? <br /> : null}
              {line}
            </Fragment>
          ))}
        </p>
      ))}
    </article>
  );
}

/** Printing needs the browser's print dialog, so the button appears once scripts run; without them the page's hint says how. */
export function PrintNoticesButton({ count }: { count: number }) {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  if (!ready) return null;
  return (
    <button type="button" className="button button--primary" onClick={() => window.print()}>
      Print {noticesCount(count)}
    </button>
  );
}

type Student = { participantId: string; studentName: string; followUpIds: string[] };

/**
 * After printing, the user says which letters went out: every student ticked to start with; the
 * button names how many and how. Nothing is recorded until it is pressed.
 */
export function MarkNoticesSent({ students, today, formError }: { students: Student[]; today: string; formError?: string | null }) {
  const [ticked, setTicked] = useState(students.length);
  return (
    <Form
      method="post"
      noValidate
      className="family-notices__mark"
      onChange={(event) => setTicked(event.currentTarget.querySelectorAll('input[name="student"]:checked').length)}
    >
      <input type="hidden" name="intent" value={NOTICE_INTENTS.markSent} />
      <input type="hidden" name="method" value="printed" />
      <input type="hidden" name="on" value={today} />
      <fieldset>
        <legend>After printing: record the notices as sent</legend>
        <ErrorAlert message={formError ?? null} />
        <ul className="family-notices__students">
          {students.map((s) => (
            <li key={s.participantId}>
              <label>
                <input type="checkbox" name="student" value={s.followUpIds.join(" ")} defaultChecked /> {s.studentName}
              </label>
            </li>
          ))}
        </ul>
        <button type="submit" className="button">
          Mark {noticesCount(ticked)} as sent (printed, {today})
        </button>
      </fieldset>
    </Form>
  );
}

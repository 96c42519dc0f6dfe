import { resourceHref } from "#app/domain/next-steps";
import { PERIOD_LABELS, type Period } from "#app/domain/periods";
import type { StudentResults } from "#app/domain/student-profile";

const NEW_TAB = <span className="visually-hidden"> (opens in a new tab)</span>;

/**
 * Next Steps (spec 001 §2, §9): the selected period's recommended subtests, each linking to its
 * skill's section of the Next Steps Resources, or the spec's text when nothing is flagged or
 * nothing is complete; the resources link (the menu's) always follows, as 'the link below'.
 */
export function NextStepsPanel({
  steps,
  period,
  resourcesUrl,
}: {
  steps: StudentResults["nextSteps"];
  period: Period;
  /** The Next Steps Resources: the menu's link (NEXT_STEPS_URL, else the demo page). */
  resourcesUrl: string;
}) {
  return (
    <section className="sp-panel" aria-labelledby="next-steps-title">
      <h2 id="next-steps-title" className="sp-panel__title">
        Next Steps
      </h2>
      <p className="muted sp-panel__period">{PERIOD_LABELS[period]}</p>
      {steps.recommended.length > 0 ? (
        <>
          <p>Recommended practice for:</p>
          <ul className="sp-steps">
            {steps.recommended.map((r) => (
              <li key={r.testCode}>
                <a href={resourceHref(resourcesUrl, r.testCode)} target="_blank" rel="noreferrer">
                  {r.title}
                  {NEW_TAB}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>{steps.message}</p>
      )}
      <p>
        <a href={resourcesUrl} target="_blank" rel="noreferrer">
          Next Steps Resources{NEW_TAB}
        </a>
      </p>
    </section>
  );
}

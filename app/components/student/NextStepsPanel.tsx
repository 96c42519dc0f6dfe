import { PERIOD_LABELS, type Period } from "#app/domain/periods";
import type { StudentResults } from "#app/domain/student-profile";

/**
 * Next Steps (spec 001 §2, §9): the selected period's recommended subtests, each linking to its
 * resource, or the spec's text when nothing is flagged or nothing is complete.
 */
export function NextStepsPanel({
  steps,
  period,
  resourceHref,
  resourcesUrl,
}: {
  steps: StudentResults["nextSteps"];
  period: Period;
  /** Where a recommendation's resource is. */
  resourceHref: (testCode: string) => string;
  /** The Next Steps Resources (the menu's link), when configured. */
  resourcesUrl: string | null;
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
                <a href={resourceHref(r.testCode)}>{r.title}</a>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>{steps.message}</p>
      )}
      {resourcesUrl ? (
        <p>
          <a href={resourcesUrl} target="_blank" rel="noreferrer">
            Next Steps Resources<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </p>
      ) : null}
    </section>
  );
}

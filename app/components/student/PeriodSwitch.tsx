import { Link } from "@remix-run/react";
import { PERIOD_LABELS, type Period } from "#app/domain/periods";
import { studentHref, type StudentView } from "./urls";

/**
 * The selected period (spec 001 §2: BOY, MOY, EOY, the current one by default) as links, so it
 * switches without JavaScript; the table columns and the slider follow it.
 */
export function PeriodSwitch({ studentId, periods, view }: { studentId: string; periods: readonly Period[]; view: StudentView }) {
  return (
    <nav className="period-switch" aria-label="Period">
      <span className="period-switch__label" aria-hidden="true">
        Period:
      </span>
      <ul className="period-switch__list">
        {periods.map((period) => (
          <li key={period}>
            <Link
              to={studentHref(studentId, { ...view, period })}
              className="period-switch__link"
              aria-current={period === view.period ? "true" : undefined}
              preventScrollReset
            >
              {PERIOD_LABELS[period]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

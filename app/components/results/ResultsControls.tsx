import clsx from "clsx";
import { Form, useSubmit } from "@remix-run/react";
import { useEffect, useState } from "react";

type Props = {
  periods: { name: string; label: string }[];
  period: string;
  score: "percentile" | "raw";
  order: "alpha" | "product";
  scoreToggleEnabled: boolean;
  /** The summary's filter, kept when the period or a toggle changes. */
  band?: string;
};

/**
 * Period selector and the two toggles as one GET form: the server renders the grid they ask
 * for, so it works before JavaScript arrives; with JavaScript a change submits the form at once.
 */
export function ResultsControls({ periods, period, score, order, scoreToggleEnabled, band }: Props) {
  const submit = useSubmit();
  // With scripts a change applies at once: the button is for browsers without them (and keeps
  // the toolbar on one line at 1366 px, issue 12).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <Form
      method="get"
      className="results-controls"
      preventScrollReset
      onChange={(event) => submit(event.currentTarget, { preventScrollReset: true, replace: true })}
    >
      {band ? <input type="hidden" name="band" value={band} /> : null}
      <div className="results-controls__field">
        <label htmlFor="results-period">Period</label>
        <select id="results-period" name="period" defaultValue={period} key={period}>
          {periods.map((p) => (
            <option key={p.name} value={p.name}>
              {p.label}
            </option>
          ))}
        </select>
      </div>
      <fieldset
        className={clsx("results-controls__toggle", !scoreToggleEnabled && "results-controls__toggle--noted")}
        disabled={!scoreToggleEnabled}
        aria-describedby={scoreToggleEnabled ? undefined : "score-toggle-note"}
      >
        <legend>Letter tests show</legend>
        <label>
          <input type="radio" name="score" value="percentile" defaultChecked={score !== "raw" || !scoreToggleEnabled} key={`p-${score}`} />{" "}
          Percentile
        </label>
        <label>
          <input type="radio" name="score" value="raw" defaultChecked={score === "raw" && scoreToggleEnabled} key={`r-${score}`} /> Score
        </label>
        {scoreToggleEnabled ? null : (
          <span id="score-toggle-note" className="results-controls__note">
            Available once a student has completed a letter test.
          </span>
        )}
      </fieldset>
      <fieldset className="results-controls__toggle">
        <legend>Letter order</legend>
        <label>
          <input type="radio" name="order" value="alpha" defaultChecked={order === "alpha"} key={`a-${order}`} /> Alphabetical
        </label>
        <label>
          <input type="radio" name="order" value="product" defaultChecked={order === "product"} key={`o-${order}`} /> Product order
        </label>
      </fieldset>
      <button type="submit" className="button results-controls__apply" hidden={hydrated}>
        Show results
      </button>
    </Form>
  );
}

import { RAN_INVALID_ERROR_COUNT, RAN_INVALID_ERROR_COUNT_LEGACY } from "#app/domain/ran";

/**
 * RAN scoring instructions and invalidity guidance (spec 001 §5). The dialog gives the
 * grade-based reading (seven or more errors); the older /test-details page says ten, and keeps it.
 */
export function RanInstructions({ reading }: { reading: "dialog" | "page" }) {
  const errors = reading === "dialog" ? RAN_INVALID_ERROR_COUNT : RAN_INVALID_ERROR_COUNT_LEGACY;
  return (
    <div className="ran-instructions">
      <p>Listen to the recording and time the naming from the first item to the last. Count errors as follows:</p>
      <ul>
        <li>A wrong name is 1 error.</li>
        <li>A wrong name followed by another wrong name is 2 errors.</li>
        <li>A skipped item is 1 error.</li>
        <li>An item that needed a prompt is 1 error.</li>
        <li>A skipped row the student was redirected to is 1 error.</li>
        <li>Self-corrections, repeats and similar words are not errors.</li>
      </ul>
      <p>
        Mark the RAN <strong>invalid</strong> if rows were skipped or repeated, or if {errors === 7 ? "seven" : "ten"} or more errors were
        made.
      </p>
      <p>Leave out blank audio of more than 3 seconds at the start or end of the recording when you time it.</p>
    </div>
  );
}

import { Link } from "@remix-run/react";

/**
 * The student page's way to the progress page (issue 39 items 5, 6), with how many probes the
 * student has and the latest one's date. Null summary (the count could not be read): the link alone.
 */
export function ProgressLink({ studentId, summary }: { studentId: string; summary: { count: number; latest: string | null } | null }) {
  return (
    <p className="sp-progress-link">
      <Link to={`/student/${studentId}/progress`}>Progress monitoring</Link>
      {summary ? (
        <span className="muted">
          {" "}
          ·{" "}
          {summary.count === 0
            ? "no probes yet"
            : `${summary.count} ${summary.count === 1 ? "probe" : "probes"}, the latest on ${summary.latest}`}
        </span>
      ) : null}
    </p>
  );
}

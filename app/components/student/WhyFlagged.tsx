import type { WhyFlagged as Why } from "#app/domain/why-flagged";

/**
 * A disclosure beside a flagged score: a <details> element, so it opens by keyboard and without
 * JavaScript. The summary names the measure and period for screen readers, who meet many of them.
 */
export function WhyFlagged({ why, period }: { why: Why; period: string }) {
  return (
    <details className={`why why--${why.tone}`}>
      <summary className="why__summary">
        Why flagged
        <span className="visually-hidden">
          : {why.measure}, {period}
        </span>
      </summary>
      <p className="why__text">{why.text}</p>
    </details>
  );
}

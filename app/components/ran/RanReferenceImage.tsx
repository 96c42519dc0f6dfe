import type { Grade } from "#app/domain/grades";
import { ranReference } from "#app/domain/ran-reference";

/**
 * The grade's RAN reference chart (spec 001 §2 'RAN scoring dialog', §9): 40 objects for PK, 50
 * objects for K, 50 letters for grades 1–3, as a static SVG from public/ran/. Its width and height
 * are set, so the page does not shift when it loads; the alt text reads the chart row by row, so
 * a scorer using a screen reader can follow the recording along. Styles: app/styles/ran.css.
 */
export function RanReferenceImage({ grade, id, className }: { grade: Grade; id?: string; className?: string }) {
  const reference = ranReference(grade);
  return (
    <figure id={id} className={["ran-reference", className].filter(Boolean).join(" ")}>
      <img
        className="ran-reference__image"
        src={reference.src}
        alt={reference.alt}
        width={reference.width}
        height={reference.height}
        loading="lazy"
        decoding="async"
      />
      <figcaption className="ran-reference__caption">{reference.caption}</figcaption>
    </figure>
  );
}

import { Link, useLocation } from "@remix-run/react";
import type { StudentCard as Card } from "#app/domain/student-profile";
import { dialogSearch } from "#app/domain/url-state";
import { LazyStudentDialog } from "./dialogs";

/**
 * The student card (spec 001 §2): name, teachers, grade, birthday, last test date, tags, ids,
 * Edit. The name is the page's heading: the card leads the page.
 */
export function StudentCard({
  card,
  studentId,
  canEdit,
  followUpNext = null,
}: {
  card: Card;
  studentId: string;
  canEdit: boolean;
  /** The next follow-up step owed and its deadline, in words (issue 38 item 3); null when none is owed. */
  followUpNext?: string | null;
}) {
  const rows: [string, string][] = [
    ["Teachers", card.teachers.join(", ") || "None"],
    ["Grade", card.grade],
    ["Birthday", card.birthday],
    ["Last Test Date", card.lastTestDate ?? "No tests yet"],
    ["Tags", card.tags.join(", ") || "None"],
    ["Student ID", card.studentId ?? "None"],
    ["Participant Code", card.participantCode],
  ];
  return (
    <div className="sp-card">
      <div className="sp-card__header">
        <h1 id="page-title" className="sp-card__name">
          {card.name}
        </h1>
        {canEdit ? <EditLink studentId={studentId} name={card.name} /> : null}
      </div>
      <dl className="sp-card__facts">
        {rows.map(([term, value]) => (
          <div key={term} className="sp-card__fact">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {/* Issue 38: the student's follow-ups after a flag, their timeline and next step, on a page of their own. */}
      <p className="sp-card__links">
        <Link to={`/student/${studentId}/follow-up`}>Follow-up after a flag</Link>
      </p>
      {followUpNext ? <p className="sp-card__follow-up">{followUpNext}</p> : null}
    </div>
  );
}

/**
 * Edit opens the student dialog through the URL (`?dialog=edit-student&id=…`), as the UrlDialog
 * module's DialogLink does; a link of its own, since that module would bring Radix with it, and
 * the dialog's code starts loading as soon as the user points at or focuses the link.
 */
function EditLink({ studentId, name }: { studentId: string; name: string }) {
  const { search } = useLocation();
  return (
    <Link
      to={dialogSearch(search, "edit-student", { id: studentId })}
      className="button button--small"
      preventScrollReset
      aria-label={`Edit ${name}`}
      onPointerEnter={LazyStudentDialog.preload}
      onFocus={LazyStudentDialog.preload}
    >
      Edit
    </Link>
  );
}

import type { StudentCard as Card } from "#app/domain/student-profile";
import { DialogLink } from "../UrlDialog";

/**
 * The student card (spec 001 §2): name, teachers, grade, birthday, last test date, tags, ids,
 * Edit. The name is the page's heading: the card leads the page.
 */
export function StudentCard({ card, studentId, canEdit }: { card: Card; studentId: string; canEdit: boolean }) {
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
        {canEdit ? (
          <DialogLink dialog="edit-student" params={{ id: studentId }} className="button button--small" aria-label={`Edit ${card.name}`}>
            Edit
          </DialogLink>
        ) : null}
      </div>
      <dl className="sp-card__facts">
        {rows.map(([term, value]) => (
          <div key={term} className="sp-card__fact">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

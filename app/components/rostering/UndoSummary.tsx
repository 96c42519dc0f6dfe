import type { ApiSchema } from "#app/lib/api.server";

// What an Undo of a roster import would change (issue 35 item 3), the words of the district page's
// confirmation (RosterImports): the server renders them to HTML (app/routes/district.$districtId.server.tsx),
// so the page's script carries none of this.

type UndoPreview = ApiSchema<"RosterUndoPreview">;

const KIND_NAMES = { schools: "schools", classrooms: "classrooms", teachers: "teachers", students: "students" } as const;
const KIND_SINGULAR = { schools: "School", classrooms: "Classroom", teachers: "Teacher", students: "Student" } as const;

/** "3 students, 1 classroom" for the non-zero counts of one column, or "nothing". */
function listed(counts: UndoPreview["counts"], column: "created" | "updated" | "deactivated") {
  const parts = (Object.keys(KIND_NAMES) as (keyof typeof KIND_NAMES)[])
    .filter((k) => counts[k][column] > 0)
    .map((k) => `${counts[k][column]} ${counts[k][column] === 1 ? KIND_SINGULAR[k].toLowerCase() : KIND_NAMES[k]}`);
  return parts.length > 0 ? parts.join(", ") : "nothing";
}

/** What it deactivates, puts back and brings back, and which rows edited since the import it leaves as they are. */
export function UndoSummary({ undo }: { undo: UndoPreview }) {
  return (
    <>
      <h3 id="roster-undo-title">Undo the import of {undo.fileName}?</h3>
      <ul>
        <li>Deactivates what it created: {listed(undo.counts, "created")}.</li>
        <li>Puts back the earlier values of: {listed(undo.counts, "updated")}.</li>
        <li>Brings back what it deactivated: {listed(undo.counts, "deactivated")}.</li>
        <li>Class memberships it changed: {undo.memberships}.</li>
      </ul>
      {undo.leftAlone.length > 0 ? (
        <>
          <p>
            {undo.leftAlone.length} {undo.leftAlone.length === 1 ? "record was" : "records were"} edited after the import and will be left
            as {undo.leftAlone.length === 1 ? "it is" : "they are"}:
          </p>
          <ul className="roster-undo__left">
            {undo.leftAlone.map((l) => (
              <li key={`${l.kind}-${l.id}`}>
                {KIND_SINGULAR[l.kind]}: {l.name}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}

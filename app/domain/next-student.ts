// 'Save and next student' (issue 40 item 2): which student's same letter test opens after a
// save. The next row of the grid as the teacher sees it (its order and any band filter) whose
// cell for the test applies; a student the test does not apply to is passed over. Pure: the rows
// are the grid's, each with its cells' states in the grid's column order.

export type NextStudentRow = { participantId: string; states: readonly string[] };

export function nextStudent(rows: readonly NextStudentRow[], column: number, participantId: string): string | null {
  if (column < 0) return null;
  const at = rows.findIndex((r) => r.participantId === participantId);
  if (at < 0) return null;
  for (const row of rows.slice(at + 1)) {
    const state = row.states[column];
    if (state !== undefined && state !== "not-applicable") return row.participantId;
  }
  return null;
}

// The zip of everything about one student (issue 41 item 3): its file names and the README.txt
// that says what each holds. Pure; app/api/student-records.ts fills the files.

export const EXPORT_FILES = {
  readme: "README.txt",
  student: "student.json",
  results: "results.json",
  scores: "scores.json",
  recordings: "recordings.json",
  recordingsFolder: "recordings/",
  accessHistory: "access-history.json",
  changes: "changes.json",
  other: "other-records.json",
} as const;

export interface ReadmeFacts {
  name: string;
  participantCode: string;
  exportedAt: string;
  recordings: number;
  /** Tables besides the known ones that held rows of the student (other-records.json). */
  otherTables: readonly string[];
}

/** README.txt: what the zip is, and one line per file. */
export function exportReadme(f: ReadmeFacts): string {
  const lines = [
    `Everything the early-literacy screening dashboard holds about ${f.name} (participant code ${f.participantCode}),`,
    `exported ${f.exportedAt}. Dates and times are UTC (ISO 8601); JSON files are UTF-8.`,
    "",
    `${EXPORT_FILES.student}  The student's details: names, birth date, grade, tags, Student ID, email, school, district,`,
    "    the roster's sourcedId when a roster brought them, and their classroom places.",
    `${EXPORT_FILES.results}  Every screening result (one per test taken, deleted ones included): when, grade, completion,`,
    "    ability and percentile, correct items, a hand-scored RAN's time and errors and the norms used.",
    `${EXPORT_FILES.scores}  itemScores: each question's score, response and time (letter scores, RAN responses);`,
    "    scoringEntries: each official score and blind second score given to a RAN response, with before and after;",
    "    riskScores: the risk scores per school year and screening period.",
    `${EXPORT_FILES.recordings}  The list of recordings in ${EXPORT_FILES.recordingsFolder} and where each was stored.`,
    `${EXPORT_FILES.recordingsFolder}  The ${f.recordings} recording file(s) as they were stored (WAV audio), named`,
    "    {student id}_{test id}_{question}.wav.",
    `${EXPORT_FILES.accessHistory}  Who opened the student's records, when and what (the record-access log), as far back as`,
    "    the district keeps it.",
    `${EXPORT_FILES.changes}  The audit log's entries about the student: who created, edited or deleted them, when, and`,
    "    what changed.",
    ...(f.otherTables.length > 0
      ? [`${EXPORT_FILES.other}  Rows of other tables that name the student (${f.otherTables.join(", ")}).`]
      : []),
    "",
    "The product keeps no free-text notes about a student: there is no notes file.",
  ];
  return `${lines.join("\n")}\n`;
}

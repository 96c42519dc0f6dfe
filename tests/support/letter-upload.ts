/**
 * One completed letter-names result with two item scores (A right, B wrong), as the screener
 * uploads it to `POST /api/participantTest/results`: the smallest result that gives a student a
 * test, a score and item responses to erase or to race an erasure with.
 */
export function letterNamesUpload(participantId: string, clientTestId: string) {
  return {
    clientTestId,
    participantId,
    testCode: "letter-names",
    grade: "K",
    startDtTm: "2026-03-02T09:00:00Z",
    endDtTm: "2026-03-02T09:05:00Z",
    completedFlag: true,
    responses: [
      { questionCode: "LN_A", score: 1 },
      { questionCode: "LN_B", score: 0 },
    ],
  };
}

import { randomUUID } from "node:crypto";
import { ASSESSMENTS, letterOfItem, type LetterTestCode } from "#app/domain/assessments";
import { localIsoDate } from "#app/domain/calendar-date";
import { LETTER_TEST_CODES } from "#app/domain/letter-score-form";
import { letterItemsFor, letterTestRefusal } from "#app/domain/letter-scores";
import { sortLetters, type LetterOrder } from "#app/domain/letters";
import { currentPeriod } from "#app/domain/periods";
import { gradeTestLists, pickTest, studentName, submittedOn, testApplies } from "#app/domain/results-grid";
import { UNABLE_TO_LOAD_DATA } from "#app/domain/results-labels";
import type { LetterConflict, LetterDialogData, LetterRow } from "#app/components/results/letter-dialog-data";
import type { ResultsQuery } from "#app/components/results/urls";
import { LETTER_SCORES_CHANGED, LetterScoreForm, postedLetterScores } from "#app/domain/letter-score-form";
import { UNABLE_TO_INPUT, UNABLE_TO_UPDATE } from "#app/domain/results-labels";
import { refusalOf } from "#app/lib/api-refusal.server";
import { expectData, type ApiClient } from "#app/lib/api.server";
import { parseSubmission } from "#app/lib/forms.server";

// The dialog's form schema and its reading of a post, for the route's action (through this
// server module, so zod stays out of the page's browser bundle).
export { LetterScoreForm, postedLetterScores };

/** What a letter score post came to: the dialog's action and the queue's /saves route both word it. */
export type LetterSave =
  | { kind: "saved"; intent: "create" | "update"; participantId: string; testCode: LetterTestCode; next?: string }
  | { kind: "refused"; status: number; message: string; detail?: string; scores?: Record<string, 0 | 1> }
  | { kind: "conflict"; message: string; scores: Record<string, 0 | 1>; conflict: LetterConflict }
  /** The API answered 502/503/504: the server, not the save, is the trouble. */
  | { kind: "unavailable"; status: number; message: string; detail?: string; scores: Record<string, 0 | 1> };

const tally = (scores: Record<string, number | null | undefined>, items: readonly string[]) => ({
  correct: items.filter((i) => scores[i] === 1).length,
  of: items.length,
  missed: items.filter((i) => scores[i] !== 1).map(letterOfItem),
});

/**
 * Saves the dialog's post through the API: its Idempotency-Key as the header (a repeat saves
 * once) and, for an update, the version it was read at (issue 40 item 1). A 409 with the stored
 * test is a conflict: both sets of scores come back for the teacher to choose between.
 */
export async function saveLetterScores(request: Request, api: ApiClient, form: FormData): Promise<LetterSave> {
  const submission = parseSubmission(form, LetterScoreForm);
  if (submission.status !== "success")
    return { kind: "refused", status: 400, message: UNABLE_TO_INPUT, detail: Object.values(submission.error ?? {}).flat()[0] ?? undefined };
  const f = submission.value;
  const failure = f.intent === "create" ? UNABLE_TO_INPUT : UNABLE_TO_UPDATE;
  const { grade, responses, submitted } = postedLetterScores(f);
  if (!grade || !responses || (f.intent === "update" && !f.participantTestId))
    return { kind: "refused", status: 400, message: failure, scores: submitted };
  const headers = f.idempotencyKey ? { "Idempotency-Key": f.idempotencyKey } : undefined;
  const result = await api.result(
    f.intent === "create"
      ? api.POST("/participantTest/manual", {
          body: { testCode: f.testCode, participantId: f.participantId, grade, periodName: f.periodName, responses },
          headers,
        })
      : api.PUT("/participantTest/manual", {
          body: {
            participantTestId: f.participantTestId ?? "",
            participantId: f.participantId,
            responses,
            ...(f.version ? { version: f.version } : {}),
          },
          headers,
        }),
  );
  if (result.ok) return { kind: "saved", intent: f.intent, participantId: f.participantId, testCode: f.testCode, next: f.next };
  const current =
    result.status === 409
      ? (result.body as { current?: { participantTestId: string; correctByCode: Record<string, number> | null; version: string } })?.current
      : undefined;
  if (current) {
    const items = responses.map((r) => r.questionCode);
    // One wording whether the test was created or changed meanwhile: the teacher's choice is the same.
    return {
      kind: "conflict",
      message: LETTER_SCORES_CHANGED,
      scores: submitted,
      conflict: {
        message: LETTER_SCORES_CHANGED,
        mine: tally(submitted, items),
        saved: tally(current.correctByCode ?? {}, items),
        version: current.version,
        participantTestId: current.participantTestId,
      },
    };
  }
  const { message, detail } = await refusalOf(request, result, { text: failure });
  if (result.status === 502 || result.status === 503 || result.status === 504)
    return { kind: "unavailable", status: result.status, message, detail, scores: submitted };
  return { kind: "refused", status: result.status, message, detail, scores: submitted };
}

// The letter score dialog's data (spec 001 §2 'Letter score dialogs', §4): one student's letter
// tests of one period, read with one API call when the dialog opens (issue 12, item 9). The
// classroom page's grid carries none of it.

export async function loadLetterDialog(
  request: Request,
  api: ApiClient,
  classroomId: string,
  q: ResultsQuery,
  today = new Date(),
): Promise<LetterDialogData> {
  const failed: LetterDialogData = { kind: "error", message: UNABLE_TO_LOAD_DATA };
  if (!q.student || !q.test) return failed;
  const result = await api.result(api.GET("/participants/profile/{id}", { params: { path: { id: q.student } } }));
  if (!result.ok) {
    // 401 signs out; an unknown or out-of-scope student is the spec's 'Unable to load data'.
    if (result.status === 401) await expectData(request, result);
    if (result.status !== 403 && result.status !== 404) console.error("[letters]", result.status, result.error.message);
    return failed;
  }
  const profile = result.data;
  const student = profile.Participant;
  // Only a student of this classroom, as the grid shows them.
  if (!student.ParticipantGroup.some((g) => g.participantGroupId === classroomId)) return failed;
  const selected =
    (q.period && profile.periods.find((p) => p.periodName === q.period)) || currentPeriod(profile.periods, localIsoDate(today));
  if (!selected) return failed;
  const period = selected.periodName;
  const lists = gradeTestLists(selected.GradeAssessmentLists);
  const testCode = q.test;
  // The API's own words for a refused entry ('… does not apply to grade 2 in …', issue 12 item 13).
  const refusal = letterTestRefusal(selected, student.grade, testCode);
  if (refusal) return { kind: "error", message: refusal };
  const order: LetterOrder = q.order === "product" ? "product" : "alphabetical";
  const testOf = (code: LetterTestCode) => pickTest(selected.ParticipantTests.filter((t) => t.testCode === code));
  // The item rule the API checks a save against, in the teacher's order. The grade passed
  // letterTestRefusal above, so the definition has items for both tests.
  const itemsOf = (code: LetterTestCode) => {
    const found = letterItemsFor(code, student.grade, period, order);
    return "items" in found ? found.items : [];
  };
  const test = testOf(testCode);
  // A finished test opens read-only unless the URL asks for edit from the read-only view.
  const mode = q.mode === "view" && test ? "view" : "edit";
  const saved = test?.correctByCode ?? null;
  const items = itemsOf(testCode).map((code) => ({ code, letter: letterOfItem(code) }));
  const scores = Object.fromEntries(items.map(({ code }) => [code, saved?.[code] === 1 ? 1 : 0])) as Record<string, 0 | 1>;
  const letters = sortLetters([...new Set(LETTER_TEST_CODES.flatMap((code) => itemsOf(code).map(letterOfItem)))], order);
  const rows: LetterRow[] = LETTER_TEST_CODES.map((code) => {
    const t = testOf(code);
    const own = new Map(itemsOf(code).map((item) => [letterOfItem(item), item]));
    return {
      testCode: code,
      title: code === "letter-names" ? "Letter Name" : "Letter Sound",
      participantTestId: t?.participantTestId ?? null,
      // The submit date only for a submitted test (issue 12 item 7; submittedOn is table-tested).
      submitted: submittedOn(t),
      applies: testApplies(lists, student.grade, code),
      scores: Object.fromEntries(
        letters.map((letter) => {
          const item = own.get(letter);
          const value = item && t?.correctByCode ? t.correctByCode[item] : undefined;
          return [letter, value === 1 ? 1 : value === 0 ? 0 : null];
        }),
      ),
    };
  });
  return {
    kind: "ready",
    mode,
    fromView: q.from === "view",
    participantId: student.participantId,
    studentName: studentName(student),
    grade: student.grade,
    period,
    testCode,
    testTitle: ASSESSMENTS[testCode].title,
    participantTestId: test?.participantTestId ?? null,
    version: test?.updatedAt ?? null,
    saveKey: randomUUID(),
    items,
    scores,
    letters,
    rows,
  };
}

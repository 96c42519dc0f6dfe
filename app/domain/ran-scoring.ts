import { ranReadModeText, splitRanResponses, UNEXPECTED_RESPONSES_MESSAGE, type RanReadModeText } from "./ran";

// The RAN scoring view (spec 001 §2 'RAN scoring dialog' and '/test-details/{testId}', §4 read and
// edit mode, §5 RAN responses) and, beyond the spec (issue 11), the scoring history and the
// comparison of two scorers. Pure: the loader hands in the test and its events.

export type RanSavedScore = { evalResponseTime: number; numOfErrors: number | null; invalid: boolean };

export type RanResponseInput = {
  participantTestQuestionResponseId: string;
  questionCode: string;
  responseTimeInSecs: number | null;
  evalResponseTime: number | null;
  numOfErrors: number | null;
  invalid: boolean | null;
};

export type RanEventInput = {
  eventId: string;
  responseId: string;
  kind: "score" | "blind";
  scorerId: string | null;
  scorerName: string;
  createdAt: string;
  old: { evalResponseTime: number | null; numOfErrors: number | null; invalid: boolean | null };
  new: RanSavedScore;
};

export type RanResponseView = {
  id: string;
  questionCode: string;
  /** The screener's measured time, as shown beside the audio ('—' when none was sent). */
  responseTime: string;
  /** The official score; null until someone scores it (the panel then opens in edit mode). */
  score: RanSavedScore | null;
  read: RanReadModeText | null;
};

export type RanComparison = {
  first: RanSavedScore & { scorerName: string; createdAt: string };
  second: RanSavedScore & { scorerName: string; createdAt: string };
  agree: boolean;
  differences: string[];
};

export type RanHistoryEntry = {
  id: string;
  when: string;
  scorerName: string;
  blind: boolean;
  change: string;
};

export type RanScoringView =
  | { state: "error"; message: string }
  | {
      state: "ready";
      practice: RanResponseView | null;
      test: RanResponseView | null;
      comparison: RanComparison | null;
      history: RanHistoryEntry[];
    };

/** Scored response times within this many seconds count as agreeing. */
export const RAN_AGREEMENT_SECS = 2;

/** The score saved on a response, or null while it has none (no time and not marked invalid). */
export function savedScore(r: Pick<RanResponseInput, "evalResponseTime" | "numOfErrors" | "invalid">): RanSavedScore | null {
  if (r.invalid === true) return { evalResponseTime: 0, numOfErrors: null, invalid: true };
  if (r.evalResponseTime === null) return null;
  return { evalResponseTime: r.evalResponseTime, numOfErrors: r.numOfErrors, invalid: false };
}

export function responseTimeText(secs: number | null): string {
  if (secs === null || !Number.isFinite(secs)) return "—";
  return `${Number(secs.toFixed(1))} secs`;
}

function responseView(r: RanResponseInput): RanResponseView {
  const score = savedScore(r);
  return {
    id: r.participantTestQuestionResponseId,
    questionCode: r.questionCode,
    responseTime: responseTimeText(r.responseTimeInSecs),
    score,
    read: score ? ranReadModeText(score) : null,
  };
}

/** A score in words, for the history and the comparison. */
export function scoreWords(s: { evalResponseTime: number | null; numOfErrors: number | null; invalid: boolean | null }): string {
  if (s.invalid) return "invalid";
  if (s.evalResponseTime === null) return "not scored";
  const errors = s.numOfErrors === null ? "errors N/A" : `${s.numOfErrors} ${s.numOfErrors === 1 ? "error" : "errors"}`;
  return `${s.evalResponseTime} secs, ${errors}`;
}

/**
 * The latest official score against the latest blind score by someone else. Null until both
 * exist. Two scorers agree when both marked it invalid, or neither did, the times are within
 * RAN_AGREEMENT_SECS and the error counts are equal (a blank count only agrees with a blank).
 */
export function compareScorers(events: readonly RanEventInput[], responseId: string): RanComparison | null {
  const mine = events.filter((e) => e.responseId === responseId);
  const latest = (kind: RanEventInput["kind"], notBy?: string | null) =>
    [...mine].reverse().find((e) => e.kind === kind && (notBy === undefined || e.scorerId !== notBy)) ?? null;
  const first = latest("score");
  if (!first) return null;
  const second = latest("blind", first.scorerId);
  if (!second) return null;
  const a = first.new;
  const b = second.new;
  const differences: string[] = [];
  if (a.invalid !== b.invalid) {
    differences.push(`Only ${a.invalid ? first.scorerName : second.scorerName} marked the response invalid.`);
  } else if (!a.invalid) {
    const gap = Math.abs(a.evalResponseTime - b.evalResponseTime);
    if (gap > RAN_AGREEMENT_SECS) differences.push(`Response times differ by ${Number(gap.toFixed(1))} secs.`);
    if (a.numOfErrors !== b.numOfErrors) {
      const n = (x: number | null) => (x === null ? "N/A" : String(x));
      differences.push(`Error counts differ: ${n(a.numOfErrors)} and ${n(b.numOfErrors)}.`);
    }
  }
  return {
    first: { ...a, scorerName: first.scorerName, createdAt: first.createdAt },
    second: { ...b, scorerName: second.scorerName, createdAt: second.createdAt },
    agree: differences.length === 0,
    differences,
  };
}

/** Every save, newest first (events come oldest first), in words: who, when, and the values before and after. */
export function scoringHistory(events: readonly RanEventInput[], responseId: string): RanHistoryEntry[] {
  return events
    .filter((e) => e.responseId === responseId)
    .map((e) => ({
      id: e.eventId,
      when: e.createdAt,
      scorerName: e.scorerName,
      blind: e.kind === "blind",
      change: e.kind === "blind" ? `Blind second score: ${scoreWords(e.new)}` : `${scoreWords(e.old)} → ${scoreWords(e.new)}`,
    }))
    .reverse();
}

/**
 * The scoring view of one RAN test. The dialog finds the practice response by its code; the
 * /test-details page takes the first response as practice (spec 001 §5). More than two
 * responses is the spec's error, shown instead of the panels.
 */
export function ranScoringView(
  responses: readonly RanResponseInput[],
  events: readonly RanEventInput[],
  by: "code" | "position",
): RanScoringView {
  if (responses.length > 2) return { state: "error", message: UNEXPECTED_RESPONSES_MESSAGE };
  const { practice, test } = splitRanResponses(responses, by);
  return {
    state: "ready",
    practice: practice ? responseView(practice) : null,
    test: test ? responseView(test) : null,
    comparison: test ? compareScorers(events, test.participantTestQuestionResponseId) : null,
    history: test ? scoringHistory(events, test.participantTestQuestionResponseId) : [],
  };
}

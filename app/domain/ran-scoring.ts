import { may } from "./permissions";
import { ranReadModeText, splitRanResponses, UNEXPECTED_RESPONSES_MESSAGE, type RanReadModeText } from "./ran";
import type { RoleName } from "./roles";

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
  /** The response has an official score the API kept back from the blind scoring page (see `ranScorerStanding`). */
  officialWithheld: boolean;
  mayOverwrite: boolean;
  mayScoreBlind: boolean;
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
  /** The official score; null until someone scores it (the panel then opens in edit mode), or while it is withheld. */
  score: RanSavedScore | null;
  read: RanReadModeText | null;
  /** Scored, but on the blind scoring page the figures wait until the caller has saved a blind score. */
  officialWithheld: boolean;
  /** The caller may save the official score (none yet, their own first score, or an admin). */
  mayOverwrite: boolean;
  /** The caller may add a blind second score. */
  mayScoreBlind: boolean;
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

// ── Who changes the official score, and who scores blind (issue 34 item 7) ──────────────────

/** The 403 of a save over someone else's official score by a caller who may not change it. */
export const RAN_OVERWRITE_REFUSED =
  "Only the first scorer of this response or a school, district or super admin can change its official score. You can add a blind second score instead.";

/** One save of a response as its scoring events record it: an official score or a blind second one, and by whom. */
export type RanScorerEvent = { kind: "score" | "blind"; scorerId: string | null };

export type RanScorerStanding = {
  /** Who gave the response its first official score in the dashboard; null when nobody has (or it came with the upload). */
  firstScorerId: string | null;
  /** The caller may save an official score: there is none yet, they gave the first one, or their role may change it. */
  mayOverwrite: boolean;
  /** The caller may add a blind second score: there is an official score and none of it is theirs. */
  mayScoreBlind: boolean;
  /**
   * On the blind scoring page the official figures wait: the caller could still score blind and
   * has not yet. Once they save a blind score they show. (The grid, the student page and
   * /test-details show the figures anyway, so they never wait there.)
   */
  blindFirst: boolean;
};

/**
 * Where a caller stands on one response. `events` are the response's scoring events, oldest first;
 * `scored` says whether it has an official score now. A caller who gave any of its official scores
 * has seen it, so their second score would not be blind.
 */
export function ranScorerStanding(input: {
  scored: boolean;
  events: readonly RanScorerEvent[];
  userId: string;
  role: RoleName | null;
}): RanScorerStanding {
  const { scored, events, userId, role } = input;
  const firstScorerId = events.find((e) => e.kind === "score")?.scorerId ?? null;
  const gaveOfficial = events.some((e) => e.kind === "score" && e.scorerId === userId);
  const gaveBlind = events.some((e) => e.kind === "blind" && e.scorerId === userId);
  const mayScoreBlind = scored && !gaveOfficial;
  return {
    firstScorerId,
    mayOverwrite: !scored || firstScorerId === userId || may(role, "overwriteRanScore"),
    mayScoreBlind,
    blindFirst: mayScoreBlind && !gaveBlind,
  };
}

/** The params of the scoring panel's modes in a page's URL, dropped when its dialog closes or a save returns to read mode. */
export const RAN_MODE_PARAMS = ["edit", "blind"] as const;

/** Scored response times within this many seconds count as agreeing. */
export const RAN_AGREEMENT_SECS = 2;

// ── The blind scoring page (issue 34 item 7) ──────────────────────────────────────────────

/** One save of a test response as the blind scoring page weighs it: who, official or blind, and the score. */
export type RanBlindEvent = RanScorerEvent & { new: RanSavedScore };

/** A RAN test on a caller's blind scoring page: still to score blind, or scored, with whether the two scorers agree. */
export type RanBlindEntry = { state: "to-score" } | { state: "saved"; agree: boolean | null };

/**
 * Where a RAN test stands on the caller's blind scoring page, judged on its test response (not
 * the practice): listed when it has an official score the caller gave none of (`mayScoreBlind`),
 * else null. To score until they saved a blind score of it; then saved, with whether their latest
 * blind score agrees with the latest official one (`compareScorers`), null when the official
 * score came with the upload (no scoring event to compare with). No figure leaves this function.
 */
export function ranBlindEntry(input: {
  scored: boolean;
  events: readonly RanBlindEvent[];
  userId: string;
  role: RoleName | null;
}): RanBlindEntry | null {
  const { scored, events, userId, role } = input;
  const standing = ranScorerStanding({ scored, events, userId, role });
  if (!standing.mayScoreBlind) return null;
  if (standing.blindFirst) return { state: "to-score" };
  // The caller's own blind scores against the official ones: another second scorer's are not theirs.
  const weighed: RanEventInput[] = events
    .filter((e) => e.kind === "score" || e.scorerId === userId)
    .map((e, i) => ({
      eventId: String(i),
      responseId: "",
      kind: e.kind,
      scorerId: e.scorerId,
      scorerName: "",
      createdAt: "",
      old: { evalResponseTime: null, numOfErrors: null, invalid: null },
      new: e.new,
    }));
  return { state: "saved", agree: compareScorers(weighed, "")?.agree ?? null };
}

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
  const score = r.officialWithheld ? null : savedScore(r);
  return {
    id: r.participantTestQuestionResponseId,
    questionCode: r.questionCode,
    responseTime: responseTimeText(r.responseTimeInSecs),
    score,
    read: score ? ranReadModeText(score) : null,
    officialWithheld: r.officialWithheld,
    mayOverwrite: r.mayOverwrite,
    mayScoreBlind: r.mayScoreBlind,
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

import { randomUUID } from "node:crypto";
import { z } from "zod";
import { ASSESSMENTS, type TestCode } from "#app/domain/assessments";
import { isGrade, type Grade } from "#app/domain/grades";
import { NUM_OF_ERRORS_LABEL, ranReadModeText, validateRanScore, type RanScoreErrors } from "#app/domain/ran";
import { RanScoreForm } from "#app/domain/ran-score-form";
import {
  RAN_MODE_PARAMS,
  ranScoringView,
  savedScore,
  type RanEventInput,
  type RanSavedScore,
  type RanScoringView,
} from "#app/domain/ran-scoring";
import { UNABLE_TO_LOAD_TEST_DETAILS } from "#app/domain/test-details";
import { IDEMPOTENCY_MESSAGES } from "#app/api/idempotency";
import { refusalOf } from "./api-refusal.server";
import type { ApiClient, ApiSchema } from "./api.server";
import { parseSubmission } from "./forms.server";
import { signOutAndRedirect } from "./session.server";
import { redirectWithToast } from "./toast.server";

// The RAN scoring dialog and the /test-details page (spec 001 §2, §4, §5, §8; issue 11) read
// and save through here: one API call for the test, its events and the student's placement, one
// for the recordings' access token, one per stored recording for its waveform; saves go to
// PUT /participantTest/addScoreToQuestionResponse/{id}.

export const RAN_SAVE_FAILED = "Unable to save RAN scores";
export const RAN_SAVED = "Scores saved!";
export const RAN_INTENT = "ran-score";

type RanScoring = ApiSchema<"RanScoring">;

export type RanRecording = {
  src: string;
  waveform: { peaks: number[]; durationSecs: number; leadingSilenceSecs: number; trailingSilenceSecs: number } | null;
  /** The recording's length less blank stretches over 3 s at either end (spec 001 §9), as the scorer's suggestion. */
  suggestion: { secs: number; subtractedLeadingSecs: number; subtractedTrailingSecs: number } | null;
};

export type RanScoringData = {
  testId: string;
  studentId: string;
  testTitle: string;
  grade: Grade | null;
  view: RanScoringView;
  /** Keyed by question response id; a response without a stored recording has none. */
  recordings: Record<string, RanRecording>;
  /** The version each response was read at, sent back with a save. */
  versions: Record<string, string>;
  /** Each response's Idempotency-Key for this reading: a save sent again (a double post, the queue retrying) saves once (issue 40). */
  saveKeys: Record<string, string>;
  canScore: boolean;
  participant: RanScoring["participant"];
};

function eventsOf(s: RanScoring): RanEventInput[] {
  return s.events.map((e) => ({
    eventId: e.eventId,
    responseId: e.participantTestQuestionResponseId,
    kind: e.kind,
    scorerId: e.scorer.userId,
    scorerName: e.scorer.name,
    createdAt: e.createdAt,
    old: e.old,
    new: e.new,
  }));
}

/**
 * Everything a scoring view shows, or the API's failure (401 signs out; the caller decides what
 * 403, 404 and the rest look like). `by` is how practice is told apart: the dialog by question
 * code, the /test-details page by position (spec 001 §5). `blind`: the blind scoring page asks,
 * and the API keeps back an official score the caller could still score blind until they saved
 * their blind one (issue 34 item 7); the grid, the student page and /test-details show the
 * figures anyway, so they ask for the official score as it is.
 */
export async function loadRanScoring(
  request: Request,
  api: ApiClient,
  testId: string,
  by: "code" | "position",
  { blind = false }: { blind?: boolean } = {},
): Promise<{ ok: true; data: RanScoringData } | { ok: false; status: number }> {
  const official = blind ? "withhold" : "show";
  const [answer, access] = await Promise.all([
    api.result(api.GET("/participantTest/RAN/{id}", { params: { path: { id: testId }, query: { official } } })),
    // An <audio> element sends no Authorization header: its URL carries a short-lived token
    // signed for this one test, never the session.
    api.result(api.GET("/participantTest/audioAccess/{id}", { params: { path: { id: testId } } })),
  ]);
  if (!answer.ok) {
    if (answer.status === 401) return signOutAndRedirect(request);
    return { ok: false, status: answer.status };
  }
  const s = answer.data;
  const recordings: Record<string, RanRecording> = {};
  if (access.ok) {
    const stored = access.data.recordings.filter((r) => r.available && r.fileName && r.audioUrl);
    const waves = await Promise.all(
      stored.map(async (r) => ({
        r,
        wave: await api.result(
          api.GET("/participantTest/getAudioWaveform", { params: { query: { fileName: r.fileName!, token: access.data.token } } }),
        ),
      })),
    );
    for (const { r, wave } of waves) {
      recordings[r.participantTestQuestionResponseId] = {
        src: r.audioUrl!,
        waveform: wave.ok
          ? {
              peaks: wave.data.peaks,
              durationSecs: wave.data.durationSecs,
              leadingSilenceSecs: wave.data.leadingSilenceSecs,
              trailingSilenceSecs: wave.data.trailingSilenceSecs,
            }
          : null,
        suggestion: wave.ok && !wave.data.silent ? suggestionOf(wave.data.suggestedResponseTime) : null,
      };
    }
  }
  return {
    ok: true,
    data: {
      testId,
      studentId: s.participant.participantId,
      testTitle: ASSESSMENTS[s.participantTest.testCode as TestCode]?.title ?? s.participantTest.testCode,
      grade: isGrade(s.participantTest.grade) ? s.participantTest.grade : isGrade(s.participant.grade) ? s.participant.grade : null,
      view: ranScoringView(s.responses, eventsOf(s), by),
      recordings,
      versions: Object.fromEntries(s.responses.map((r) => [r.participantTestQuestionResponseId, r.updatedAt])),
      saveKeys: Object.fromEntries(s.responses.map((r) => [r.participantTestQuestionResponseId, randomUUID()])),
      canScore: s.canScore && s.participantTest.completedFlag,
      participant: s.participant,
    },
  };
}

function suggestionOf(t: ApiSchema<"AudioWaveform">["suggestedResponseTime"]): RanRecording["suggestion"] {
  return { secs: t.wholeSecs, subtractedLeadingSecs: t.subtractedLeadingSecs, subtractedTrailingSecs: t.subtractedTrailingSecs };
}

// ── Saving ──────────────────────────────────────────────────────────────────────────────────

/** What a refused save hands back to the scoring panel. */
export type RanActionData = {
  ran: {
    responseId: string;
    /** Field messages of spec 001 §5; the fields keep what the scorer typed. */
    errors?: RanScoreErrors;
    values?: { responseTime: string; errorCount: string; invalid: boolean };
    /** 'Unable to save RAN scores' (spec 001 §8): the panel stays in edit mode with the saved values. */
    formError?: string;
    detail?: string;
    /** A save over a newer one (409): that score, shown in the panel, and its version, so a deliberate retry works. */
    conflict?: { score: RanSavedScore | null; version: string };
    blind: boolean;
    /** Differs per post, so a failed save remounts the form with the saved values. */
    attempt: string;
  };
};

const attempt = () => randomUUID();

/** The page's URL once saved: the same dialog or page, in read mode. */
export function readModeUrl(requestUrl: string): string {
  const url = new URL(requestUrl);
  for (const key of [...RAN_MODE_PARAMS, "index"]) url.searchParams.delete(key);
  return url.pathname + url.search;
}

/** A save that met a newer score (issue 40 item 1), in the words the header's list of waiting saves shows. */
export type RanConflict = {
  message: string;
  /** The scorer's score and the one saved meanwhile, as read mode words them. */
  mine: string;
  saved: string;
  /** The stored response's version: a deliberate second save ('Keep mine') goes over it. */
  version: string;
};

/** What a RAN score post came to: the page's action and the queue's /saves route both word it. */
export type RanSave =
  | { kind: "saved"; responseId: string; blind: boolean }
  /** A save over a newer score (409 with the stored one): `ran` as the panel shows it, `conflict` for the header's list. */
  | { kind: "conflict"; ran: RanActionData["ran"]; conflict: RanConflict }
  /** The API answered 502/503/504, or the same save is still under way (its key held): the server, not the save, is the trouble. */
  | { kind: "unavailable"; status: number; ran: RanActionData["ran"] }
  | { kind: "refused"; status: number; ran: RanActionData["ran"] };

function scoreWords(score: RanSavedScore | null): string {
  if (!score) return "Not scored yet.";
  const read = ranReadModeText(score);
  return read.invalid ? read.text : `${read.responseTime} · ${NUM_OF_ERRORS_LABEL}: ${read.errors}`;
}

/** The form's Idempotency-Key, when it carries a usable one (the API refuses a blank or overlong key). */
function idempotencyKeyOf(form: FormData): string | undefined {
  const key = form.get("idempotencyKey");
  return typeof key === "string" && key.trim() && key.length <= 255 ? key.trim() : undefined;
}

/**
 * Checks the values with the same rule as the API and saves them, with the form's Idempotency-Key
 * as the header (a repeat saves once) and the version it was read at (a save over a newer one
 * comes back as a conflict with that score).
 */
export async function saveRanScoreOutcome(request: Request, api: ApiClient, form: FormData): Promise<RanSave> {
  const submission = parseSubmission(form, RanScoreForm);
  if (submission.status !== "success") {
    const ran = { responseId: String(form.get("responseId") ?? ""), formError: RAN_SAVE_FAILED, blind: false, attempt: attempt() };
    return { kind: "refused", status: 400, ran };
  }
  const f = submission.value;
  const blind = f.blind === "1";
  const invalid = f.invalid === true;
  const checked = validateRanScore({ responseTime: f.responseTime, errorCount: f.errorCount, invalid });
  if (!checked.ok) {
    const ran = {
      responseId: f.responseId,
      errors: checked.errors,
      values: { responseTime: f.responseTime ?? "", errorCount: f.errorCount ?? "", invalid },
      blind,
      attempt: attempt(),
    };
    return { kind: "refused", status: 422, ran };
  }
  const key = idempotencyKeyOf(form);
  const saved = await api.result(
    api.PUT("/participantTest/addScoreToQuestionResponse/{id}", {
      params: { path: { id: f.responseId } },
      body: { ...checked.payload, ...(blind ? { blind: true } : {}), ...(f.version && !blind ? { version: f.version } : {}) },
      ...(key ? { headers: { "Idempotency-Key": key } } : {}),
    }),
  );
  if (saved.ok) return { kind: "saved", responseId: f.responseId, blind };
  const { detail } = await refusalOf(request, saved, { text: RAN_SAVE_FAILED, log: "ran save" });
  const current = saved.status === 409 && "current" in saved.body ? saved.body.current : undefined;
  const conflict = current ? { score: savedScore(current), version: current.version } : undefined;
  const ran = { responseId: f.responseId, formError: RAN_SAVE_FAILED, detail, conflict, blind, attempt: attempt() };
  if (conflict) {
    const mine = {
      evalResponseTime: checked.payload.evalResponseTime,
      numOfErrors: checked.payload.numOfErrors,
      invalid: checked.payload.invalid,
    };
    return {
      kind: "conflict",
      ran,
      conflict: {
        message: detail ?? RAN_SAVE_FAILED,
        mine: scoreWords(mine),
        saved: scoreWords(conflict.score),
        version: conflict.version,
      },
    };
  }
  if (saved.status === 502 || saved.status === 503 || saved.status === 504) return { kind: "unavailable", status: saved.status, ran };
  if (saved.status === 409 && saved.error.message === IDEMPOTENCY_MESSAGES.inProgress) return { kind: "unavailable", status: 503, ran };
  return { kind: "refused", status: saved.status, ran };
}

/**
 * The scoring form's post (a real form, so scoring works before JavaScript): checks the values
 * with the same rule as the API, saves, and on success goes back to read mode with 'Scores saved!'.
 */
export async function saveRanScore(
  request: Request,
  api: ApiClient,
  form: FormData,
): Promise<Awaited<ReturnType<typeof redirectWithToast>> | RanActionData> {
  const saved = await saveRanScoreOutcome(request, api, form);
  if (saved.kind === "saved") return redirectWithToast(request, readModeUrl(request.url), { kind: "success", text: RAN_SAVED });
  return { ran: saved.ran };
}

// ── The dialog on the student and classroom pages ───────────────────────────────────────────

const RanDialogQuery = z.object({ dialog: z.literal("ran"), test: z.string().uuid() });

/** The test the URL opens the RAN scoring dialog on (`?dialog=ran&<param>=<testId>`), else null. */
export function ranDialogTest(url: URL, param = "ranTest"): string | null {
  const q = RanDialogQuery.safeParse({ dialog: url.searchParams.get("dialog"), test: url.searchParams.get(param) });
  return q.success ? q.data.test : null;
}

/**
 * The RAN scoring dialog's data when the URL opens it (`?dialog=ran&<param>=<testId>`), else
 * null; a failed load is the spec's alert text (spec 001 §8: 'Unable to load test details.',
 * dialog not shown). On the student page `studentId` must own the test. `blind`: the blind
 * scoring page's dialog (see `loadRanScoring`).
 */
export async function loadRanDialog(
  request: Request,
  api: ApiClient,
  url: URL,
  { param = "ranTest", studentId, blind = false }: { param?: string; studentId?: string; blind?: boolean } = {},
): Promise<null | { error: string } | { data: RanScoringData }> {
  const test = ranDialogTest(url, param);
  if (!test) return null;
  const loaded = await loadRanScoring(request, api, test, "code", { blind });
  if (!loaded.ok || (studentId && loaded.data.studentId !== studentId)) return { error: UNABLE_TO_LOAD_TEST_DETAILS };
  return { data: loaded.data };
}

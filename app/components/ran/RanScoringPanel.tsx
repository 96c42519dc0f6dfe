import { Form, Link, useLocation, useNavigate, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from "react";
import { canQueue, dropSave, newKey, newSave, saveNow, type RanAnswer, type RanQueuedSave } from "#app/components/offline/save-queue";
import { markGridStale } from "#app/components/results/grid-refresh";
import {
  NUM_OF_ERRORS_LABEL,
  RAN_INVALID_ERROR_COUNT,
  RAN_NUMBER_MIN,
  ranReadModeText,
  tooManyRanErrors,
  validateRanScore,
} from "#app/domain/ran";
import type { RanComparison, RanHistoryEntry, RanResponseView, RanSavedScore } from "#app/domain/ran-scoring";
import { RAN_AGREEMENT_SECS } from "#app/domain/ran-scoring";
import type { RanActionData, RanRecording } from "#app/lib/ran-scoring.server";
import { RanRecordingPlayer } from "./RanAudioPlayer";
import { ranModeOf, withSearch } from "./ran-urls";

/**
 * The test recording and its scoring panel (spec 001 §4 'RAN scoring', §5; issue 11). Read mode
 * shows the saved score; edit mode is a real form posting to the page's action, so scoring works
 * before JavaScript. With JavaScript: Invalid clears and disables the numbers, the player's E key
 * adds an error, and the suggested response time fills in with one press.
 *
 * Issue 34 item 7: blind second scoring has its own path, the classroom's blind scoring page
 * (`blindPath`): there a response someone else scored opens on the blind form (`blind=1`), the
 * API keeps the official figures back until the blind score is saved, and then the comparison
 * shows. Opened from the grid, the student page or /test-details, where the figures are on the
 * page already, the panel shows the official score and offers no blind score. Only its first
 * scorer and admins get Edit. Item 8: a save over a newer one shows that newer score, in the form
 * with its version for those who may change it.
 *
 * Issue 40 item 1: in the dialog, with scripts and IndexedDB, a save goes through the browser's
 * queue of saves (app/components/offline/save-queue.ts) with the form's own fields, its
 * Idempotency-Key and version: saved, the panel goes back to read mode as the action's redirect
 * does; refused or met by a newer score, the panel shows the answer the action would have given;
 * with no connection, the score waits on this device ('Waiting to save' in the header).
 */
export function RanScoringPanel({
  response,
  recording,
  version,
  canScore,
  comparison,
  history,
  actionData,
  layout,
  blindPath = false,
  cancelTo,
  saveKey,
  queueLabel,
}: {
  response: RanResponseView;
  recording: RanRecording | undefined;
  version: string | undefined;
  canScore: boolean;
  comparison: RanComparison | null;
  history: RanHistoryEntry[];
  actionData: RanActionData["ran"] | undefined;
  /** stack: the dialog's accordion; row: the /test-details table row (audio, response time, scoring). */
  layout: "stack" | "row";
  /** Opened from the blind scoring page: the blind form, never the official one, nor Edit. */
  blindPath?: boolean;
  /** Where the blind form's Cancel goes on the blind path (the page's list); read mode elsewhere. */
  cancelTo?: string;
  /** This reading's Idempotency-Key for the response: a save sent twice saves once. */
  saveKey?: string;
  /** 'Object RAN · Lee, Ana': with it (and a key), a save with scripts goes through the browser's queue of saves. */
  queueLabel?: string;
}) {
  const location = useLocation();
  const urlMode = ranModeOf(location.search);
  // A save sent through the queue answers here, as the action's data would.
  const [sent, setSent] = useState<RanAnswer | null>(null);
  const posted = actionData && actionData.responseId === response.id ? actionData : undefined;
  const mine = sent && sent.responseId === response.id ? sent : posted;
  // A blind score only on the blind path, while the official score is kept back (or a blind save was refused).
  const blind =
    blindPath && canScore && response.mayScoreBlind && ((response.officialWithheld && urlMode === "blind") || Boolean(mine?.blind));
  // A save refused as stale brings the score saved meanwhile: shown whatever the page had.
  const official = mine?.conflict ? mine.conflict.score : response.score;
  const offer = blindPath && response.officialWithheld && !blind && !mine?.conflict;
  const editing =
    canScore &&
    (blind || (!blindPath && response.mayOverwrite && !offer && (urlMode === "edit" || official === null || mine !== undefined)));
  const errorsRef = useRef<HTMLInputElement>(null);

  const markError = () => {
    const input = errorsRef.current;
    if (!input || input.disabled) return;
    input.value = String((Number.parseInt(input.value, 10) || 0) + 1);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  };

  const player = (
    <RanRecordingPlayer
      id={`ran-${response.id}`}
      label="Test recording"
      recording={recording}
      onMarkError={editing ? markError : undefined}
    />
  );
  const time = <p className="ran-response-time">Response Time: {response.responseTime}</p>;
  const readHref = withSearch(location.pathname, location.search, { edit: null, blind: null, index: null });

  const scoring = editing ? (
    <ScoreForm
      key={`${response.id}-${blind}-${mine?.formError ? mine.attempt : ""}`}
      response={response}
      official={official}
      version={mine?.conflict?.version ?? version}
      blind={blind}
      mine={mine}
      errorsRef={errorsRef}
      suggestion={recording?.suggestion ?? null}
      cancelHref={blind && cancelTo ? cancelTo : official !== null || blind ? readHref : null}
      action={location.pathname + location.search}
      queue={saveKey && queueLabel ? { key: saveKey, label: queueLabel, readHref, onAnswer: setSent } : null}
    />
  ) : offer ? (
    <BlindOffer
      canScore={canScore && response.mayScoreBlind}
      blindHref={withSearch(location.pathname, location.search, { blind: "1", edit: null })}
    />
  ) : (
    <ReadScore
      official={official}
      canScore={canScore && !blindPath}
      mayOverwrite={response.mayOverwrite}
      notice={mine?.formError ? { message: mine.formError, detail: mine.detail } : null}
      editHref={withSearch(location.pathname, location.search, { edit: "1", blind: null })}
      comparison={comparison}
      history={history}
    />
  );

  if (layout === "row") {
    return (
      <tr>
        <td>{player}</td>
        <td>{response.responseTime}</td>
        <td>{scoring}</td>
      </tr>
    );
  }
  return (
    <div className="ran-scoring">
      {player}
      {time}
      {scoring}
    </div>
  );
}

/** On the blind path, someone else's official score, kept back: the blind second score first. */
function BlindOffer({ canScore, blindHref }: { canScore: boolean; blindHref: string }) {
  return (
    <div className="ran-read ran-offer">
      <p>
        This response already has an official score. Score it blind first: its time and errors stay hidden until you save your second score.
      </p>
      {canScore ? (
        <p className="ran-read__actions">
          <Link to={blindHref} className="button button--primary" preventScrollReset replace>
            Score blind as second scorer
          </Link>
        </p>
      ) : null}
    </div>
  );
}

function ReadScore({
  official,
  canScore,
  mayOverwrite,
  notice,
  editHref,
  comparison,
  history,
}: {
  official: RanSavedScore | null;
  canScore: boolean;
  mayOverwrite: boolean;
  /** A refused save by someone who may not change the official score: the reason, above the score it kept. */
  notice: { message: string; detail?: string } | null;
  editHref: string;
  comparison: RanComparison | null;
  history: RanHistoryEntry[];
}) {
  const read = official ? ranReadModeText(official) : null;
  return (
    <div className="ran-read">
      {notice ? (
        <div role="alert" className="alert alert--error">
          <p>{notice.message}</p>
          {notice.detail ? <p className="muted">{notice.detail}</p> : null}
        </div>
      ) : null}
      {read === null ? (
        <p className="muted">Not scored yet.</p>
      ) : read.invalid ? (
        <p className="ran-read__invalid">{read.text}</p>
      ) : (
        <>
          <p>{read.responseTime}</p>
          <p>
            {NUM_OF_ERRORS_LABEL}: {read.errors}
          </p>
        </>
      )}
      {canScore && mayOverwrite ? (
        <p className="ran-read__actions">
          <Link to={editHref} className="button" preventScrollReset replace>
            Edit
          </Link>
        </p>
      ) : canScore && read !== null ? (
        <p className="muted">Only the first scorer of this response or a school, district or super admin can change its official score.</p>
      ) : null}
      {comparison ? <Comparison comparison={comparison} /> : null}
      {history.length > 0 ? (
        <details className="ran-history">
          <summary>Scoring history ({history.length})</summary>
          <ol>
            {history.map((h) => (
              <li key={h.id}>
                <time dateTime={h.when}>{new Date(h.when).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" })}</time>{" "}
                {h.scorerName}: {h.change}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </div>
  );
}

function Comparison({ comparison: c }: { comparison: RanComparison }) {
  const words = (s: RanComparison["first"]) =>
    s.invalid ? "invalid" : `${s.evalResponseTime} secs, ${s.numOfErrors === null ? "errors N/A" : `${s.numOfErrors} errors`}`;
  return (
    <div className={c.agree ? "ran-compare ran-compare--agree" : "ran-compare ran-compare--disagree"}>
      <p className="ran-compare__title">{c.agree ? "The two scorers agree." : "The two scorers disagree."}</p>
      {/* The specs give no agreement rule for RAN scorers: say which one this is, not a standard. */}
      <p className="ran-compare__rule">
        Agreeing here means the same error count and response times within {RAN_AGREEMENT_SECS} secs: this product&apos;s rule for comparing
        two scorers, not a published standard.
      </p>
      <ul>
        <li>
          Official score ({c.first.scorerName}): {words(c.first)}
        </li>
        <li>
          Blind second score ({c.second.scorerName}): {words(c.second)}
        </li>
        {c.differences.map((d) => (
          <li key={d} className="ran-compare__difference">
            {d}
          </li>
        ))}
      </ul>
    </div>
  );
}

function ScoreForm({
  response,
  official,
  version,
  blind,
  mine,
  errorsRef,
  suggestion,
  cancelHref,
  action,
  queue,
}: {
  response: RanResponseView;
  /** The official score the form starts from: the page's, or the newer one a refused save brought. */
  official: RanSavedScore | null;
  version: string | undefined;
  blind: boolean;
  mine: RanActionData["ran"] | undefined;
  errorsRef: RefObject<HTMLInputElement>;
  suggestion: RanRecording["suggestion"];
  cancelHref: string | null;
  /** The page's own URL, search included, so the action's redirect comes back to this view. */
  action: string;
  /** Saving through the browser's queue: the key, the header list's label, read mode's URL, and where a refusal is shown. */
  queue: { key: string; label: string; readHref: string; onAnswer: (answer: RanAnswer | null) => void } | null;
}) {
  const id = useId();
  const navigate = useNavigate();
  const owner = (useRouteLoaderData("root") as { user?: { email: string } | null } | undefined)?.user?.email ?? null;
  const [sending, setSending] = useState(false);
  const [waiting, setWaiting] = useState(false);
  // Sent meanwhile by the header's retry: the page read the response afresh, with its new version.
  useEffect(() => setWaiting(false), [version]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    // Without IndexedDB (or a known user) the form posts as it does without scripts.
    if (!queue || !owner || !canQueue()) return;
    event.preventDefault();
    if (sending) return;
    const fields = [...new FormData(event.currentTarget)].map(([k, v]) => [k, String(v)] as [string, string]);
    const field = (name: string) => fields.find(([k]) => k === name)?.[1];
    // The same check as the action's, before anything is kept: a refused value is shown at once, offline too.
    const invalid = field("invalid") !== undefined;
    const checked = validateRanScore({ responseTime: field("responseTime"), errorCount: field("errorCount"), invalid });
    if (!checked.ok) {
      setWaiting(false);
      queue.onAnswer({
        responseId: response.id,
        errors: checked.errors,
        values: { responseTime: field("responseTime") ?? "", errorCount: field("errorCount") ?? "", invalid },
        blind,
        attempt: newKey(),
      });
      return;
    }
    const entry = newSave<RanQueuedSave>({ key: queue.key, owner, kind: "ran", fields, label: queue.label });
    setSending(true);
    try {
      // Kept first, sent after: a save the network loses is still on this device.
      const outcome = await saveNow(entry);
      if (outcome.kind === "saved") {
        // As the action's redirect: read mode, the page's data (the grid's too) read again.
        queue.onAnswer(null);
        markGridStale();
        navigate(queue.readHref, { preventScrollReset: true, replace: true });
        return;
      }
      if (outcome.kind === "conflict" || outcome.kind === "refused") {
        // Shown here, as the action shows it without scripts: not left in the queue.
        await dropSave(owner, entry.key);
        setWaiting(false);
        const answer = outcome.kind === "conflict" ? outcome.conflict.ran : outcome.ran;
        queue.onAnswer(
          answer ?? { responseId: response.id, formError: outcome.kind === "refused" ? outcome.message : "", blind, attempt: newKey() },
        );
        return;
      }
      // No answer, or the server away: it waits on this device ('Waiting to save' in the header).
      setWaiting(true);
    } finally {
      setSending(false);
    }
  };
  const timeRef = useRef<HTMLInputElement>(null);
  const invalidRef = useRef<HTMLInputElement>(null);
  // A save that failed (not a check) restores the saved values, as spec 001 §8 says; a failed
  // check keeps what the scorer typed beside its message. A blind form starts empty.
  const saved = blind ? null : official;
  const initial = mine?.values ?? {
    responseTime: saved && !saved.invalid ? String(saved.evalResponseTime) : "",
    errorCount: saved && !saved.invalid && saved.numOfErrors !== null ? String(saved.numOfErrors) : "",
    invalid: saved?.invalid ?? false,
  };
  const [enhanced, setEnhanced] = useState(false);
  const [invalid, setInvalid] = useState(initial.invalid);
  const [manyErrors, setManyErrors] = useState(tooManyRanErrors(Number.parseInt(initial.errorCount, 10) || null));
  const kept = useRef({ responseTime: initial.responseTime, errorCount: initial.errorCount });

  useEffect(() => {
    // Whatever was ticked or typed before the scripts arrived stays.
    setInvalid(invalidRef.current?.checked ?? false);
    setEnhanced(true);
  }, []);

  const onInvalid = (checked: boolean) => {
    const time = timeRef.current;
    const errors = errorsRef.current;
    if (time && errors) {
      if (checked) {
        kept.current = { responseTime: time.value, errorCount: errors.value };
        time.value = "";
        errors.value = "";
      } else {
        time.value = kept.current.responseTime;
        errors.value = kept.current.errorCount;
      }
    }
    setInvalid(checked);
  };

  const timeError = mine?.errors?.responseTime;
  const countError = mine?.errors?.errorCount;
  const disabled = enhanced && invalid;
  return (
    // noValidate: the browser's own number checks would hide the spec's messages (spec 001 §5).
    <Form
      method="post"
      action={action}
      noValidate
      className="ran-form"
      preventScrollReset
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => void onSubmit(e)}
    >
      <p id={`${id}-title`} className="ran-form__title">
        {blind ? "Blind second score: the official score stays hidden until you save." : "Score this response"}
      </p>
      {mine?.formError ? (
        <div role="alert" className="alert alert--error">
          <p>{mine.formError}</p>
          {mine.detail ? <p className="muted">{mine.detail}</p> : null}
        </div>
      ) : null}
      <input type="hidden" name="intent" value="ran-score" />
      <input type="hidden" name="responseId" value={response.id} />
      {queue ? <input type="hidden" name="idempotencyKey" value={queue.key} /> : null}
      {version && !blind ? <input type="hidden" name="version" value={version} /> : null}
      {blind ? <input type="hidden" name="blind" value="1" /> : null}
      <div className="ran-form__fields">
        <div className="field">
          <label htmlFor={`${id}-time`}>Response Time (secs)</label>
          <input
            ref={timeRef}
            id={`${id}-time`}
            name="responseTime"
            type="number"
            inputMode="numeric"
            min={RAN_NUMBER_MIN}
            step={1}
            defaultValue={initial.responseTime}
            disabled={disabled}
            aria-invalid={timeError ? true : undefined}
            aria-describedby={timeError ? `${id}-time-error` : undefined}
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the first field with an error takes focus after a refused save
            autoFocus={Boolean(timeError)}
          />
          {timeError ? (
            <p id={`${id}-time-error`} className="field__error">
              {timeError}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor={`${id}-errors`}>{NUM_OF_ERRORS_LABEL}</label>
          <input
            ref={errorsRef}
            id={`${id}-errors`}
            name="errorCount"
            type="number"
            inputMode="numeric"
            min={RAN_NUMBER_MIN}
            step={1}
            defaultValue={initial.errorCount}
            disabled={disabled}
            onInput={(e) => setManyErrors(tooManyRanErrors(Number.parseInt(e.currentTarget.value, 10) || null))}
            aria-invalid={countError ? true : undefined}
            aria-describedby={[countError ? `${id}-errors-error` : "", `${id}-errors-hint`].filter(Boolean).join(" ")}
            // eslint-disable-next-line jsx-a11y/no-autofocus -- as above, when only the count was refused
            autoFocus={!timeError && Boolean(countError)}
          />
          {countError ? (
            <p id={`${id}-errors-error`} className="field__error">
              {countError}
            </p>
          ) : null}
          <p id={`${id}-errors-hint`} className="field__hint" aria-live="polite">
            {manyErrors && !invalid
              ? `${RAN_INVALID_ERROR_COUNT} or more errors: the guidance says to mark this RAN invalid.`
              : "Leave blank if not counted. E in the player adds one."}
          </p>
        </div>
        <div className="field field--checkbox">
          <input
            ref={invalidRef}
            id={`${id}-invalid`}
            name="invalid"
            type="checkbox"
            defaultChecked={initial.invalid}
            onChange={(e) => onInvalid(e.currentTarget.checked)}
          />
          <label htmlFor={`${id}-invalid`}>Invalid</label>
        </div>
      </div>
      {suggestion && !invalid ? (
        <p className="ran-suggestion">
          Suggested response time: {suggestion.secs} secs
          {suggestion.subtractedLeadingSecs > 0 || suggestion.subtractedTrailingSecs > 0
            ? ` (the recording less ${silenceWords(suggestion)})`
            : " (the whole recording: no silence over 3 secs at either end)"}
          {enhanced ? (
            <button
              type="button"
              className="button button--secondary ran-suggestion__use"
              onClick={() => {
                if (timeRef.current) {
                  timeRef.current.value = String(suggestion.secs);
                  timeRef.current.focus();
                }
              }}
            >
              Use {suggestion.secs} secs
            </button>
          ) : null}
        </p>
      ) : null}
      {waiting ? (
        <p role="status" className="alert ran-form__waiting">
          No connection to the server: these scores are kept on this device and will be saved when it returns.
        </p>
      ) : null}
      <div className="dialog-actions">
        {cancelHref ? (
          <Link to={cancelHref} className="button" preventScrollReset replace>
            Cancel
          </Link>
        ) : null}
        <button type="submit" className="button button--primary" disabled={sending}>
          {blind ? "Save Second Score" : "Save"}
        </button>
      </div>
    </Form>
  );
}

function silenceWords(s: NonNullable<RanRecording["suggestion"]>): string {
  const parts = [];
  if (s.subtractedLeadingSecs > 0) parts.push(`${s.subtractedLeadingSecs.toFixed(1)} secs of silence at the start`);
  if (s.subtractedTrailingSecs > 0) parts.push(`${s.subtractedTrailingSecs.toFixed(1)} secs at the end`);
  return parts.join(" and ");
}

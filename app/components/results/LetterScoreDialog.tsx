import * as Dialog from "@radix-ui/react-dialog";
import { Form, Link, useFetcher, useNavigate, useNavigation, useRevalidator, useRouteLoaderData } from "@remix-run/react";
import clsx from "clsx";
import { useCallback, useEffect, useRef, useState, type FormEvent, type MutableRefObject } from "react";
import {
  canQueue,
  dropSave,
  flush,
  keepSave,
  newSave,
  openQueue,
  saveNow,
  showQueue,
  type LetterQueuedSave,
} from "#app/components/offline/save-queue";
import type { LetterTestCode } from "#app/domain/assessments";
import { isReadAhead, readAheadHref } from "./dialog-prefetch";
import { markGridStale } from "./grid-refresh";
import type { LetterConflict, LetterDialogData } from "./letter-dialog-data";
import { LetterTicks, type LetterTicksHandle } from "./LetterTicks";

type Ready = Extract<LetterDialogData, { kind: "ready" }>;

type Props = {
  data: LetterDialogData;
  /** The page without the dialog. */
  closeHref: string;
  /** The read-only dialog of the same cell. */
  viewHref: string;
  /** The edit dialog, opened from read-only. */
  editHref: string;
  /** From the action: the spec's failure text, the server's reason, the scores as submitted, and a save made meanwhile. */
  error?: LetterError | null;
  /** 'Save and next student' (issue 40 item 2): the next student in the grid whose same test applies. */
  nextStudent?: string | null;
  /** Where a save made with scripts leads (the action's redirect without them). */
  hrefAfterSave?: (saved: { intent: "create" | "update"; participantId: string; testCode: LetterTestCode; next?: string }) => string;
};

/** 'Save and next student' saved: the grid is read again once the next dialog is open. */
let refreshOnNextOpen = false;
/**
 * 'Save and next student' with the next dialog read ahead: the kept save is sent once that dialog
 * is open, so its answer, and the grid's reload after it, do not hold the dialog up.
 */
let sendOnNextOpen: (() => void) | null = null;
/** How long a kept save waits for the next dialog before it is sent anyway. */
const SEND_AT_LATEST_MS = 1_000;

type LetterError = { message: string; detail?: string; scores?: Record<string, 0 | 1>; conflict?: LetterConflict };

/**
 * The letter score dialogs of spec 001 §2/§4. The open state lives in the URL, so the dialog is
 * server-rendered (no portal) and its form posts without JavaScript; Radix adds the focus trap,
 * Escape and inert background once scripts load.
 */
export function LetterScoreDialog({ data, closeHref, viewHref, editHref, error, nextStudent = null, hrefAfterSave }: Props) {
  const navigate = useNavigate();
  const ready = data.kind === "ready" ? data : null;
  // Escape or Cancel in an edit dialog opened from read-only returns to read-only (spec 001 §4).
  const dismissHref = ready && ready.mode === "edit" && ready.fromView ? viewHref : closeHref;
  // Opened by navigation, not a Radix Trigger: when the dialog goes away (not when it only
  // switches between view and edit), focus goes back to its cell in the grid, found again by
  // student and test since a save re-renders the grid; else to what had focus when it opened.
  const [opener] = useState(() => (typeof document === "undefined" ? null : (document.activeElement as HTMLElement | null)));
  const open = useRef(true);
  useEffect(() => {
    open.current = true;
    return () => {
      open.current = false;
    };
  }, []);
  // Unsaved letters (issue 12): Escape or a click outside asks before they are thrown away.
  const dirty = useRef(false);
  const [confirming, setConfirming] = useState(false);
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const send = sendOnNextOpen;
    sendOnNextOpen = null;
    send?.();
    if (!refreshOnNextOpen) return;
    refreshOnNextOpen = false;
    markGridStale();
    revalidate();
  }, [ready?.participantId, ready?.testCode, revalidate]);
  const leave = () => navigate(dismissHref, { preventScrollReset: true });
  const guard = (event: Event) => {
    if (ready?.mode !== "edit" || !dirty.current) return;
    event.preventDefault();
    setConfirming(true);
  };
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : leave())}>
      <Dialog.Overlay className="results-dialog-overlay" />
      <Dialog.Content
        // Keyed by mode only: 'Save and next student' changes the student inside an open dialog,
        // so the focus trap, the inert background and the page's pointer lock stay put. Setting
        // them up again restyled the whole page, three times a hop (issue 40 item 4).
        key={ready ? ready.mode : "error"}
        className={clsx("results-dialog letter-dialog", ready?.mode === "view" && "letter-dialog--view")}
        aria-describedby={undefined}
        onEscapeKeyDown={guard}
        // A click outside, not focus leaving: focus leaves only for a dialog above this one (the
        // idle warning, issue 34 item 9), which is no reason to ask about the letters.
        onPointerDownOutside={guard}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (open.current) return;
          const cell = ready ? cellLink(ready.participantId, ready.testCode) : null;
          const target = cell ?? (opener?.isConnected && opener !== document.body ? opener : null);
          target?.focus();
        }}
      >
        {!ready ? (
          <>
            <Dialog.Title className="results-dialog__title">Letter Sound/Name Scores</Dialog.Title>
            <p role="alert" className="alert alert--error">
              {data.kind === "error" ? data.message : null}
            </p>
            <div className="results-dialog__actions">
              <Link to={closeHref} className="button" preventScrollReset>
                Close
              </Link>
            </div>
          </>
        ) : ready.mode === "edit" ? (
          <EditLetters
            key={`${ready.participantId}-${ready.testCode}`}
            data={ready}
            cancelHref={dismissHref}
            error={error ?? null}
            nextStudent={nextStudent}
            hrefAfterSave={hrefAfterSave}
            dirty={dirty}
            confirming={confirming}
            onKeep={() => setConfirming(false)}
            onDiscard={leave}
          />
        ) : (
          <ViewLetters data={ready} closeHref={closeHref} editHref={editHref} />
        )}
      </Dialog.Content>
    </Dialog.Root>
  );
}

/**
 * Reads the next student's dialog while this one is scored (./dialog-prefetch.ts). Its own
 * component, so the load's progress re-renders nothing else; gone once loaded, so the fetcher is
 * not read again with every revalidation of the page.
 */
function ReadAhead({ href }: { href: string }) {
  const fetcher = useFetcher();
  const [done, setDone] = useState(false);
  const { load } = fetcher;
  useEffect(() => {
    load(readAheadHref(href));
  }, [href, load]);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data !== undefined) setDone(true);
  }, [fetcher.state, fetcher.data]);
  return done ? null : <span hidden />;
}

/** The grid's link of a student's letter test (its href names both). */
function cellLink(participantId: string, testCode: string): HTMLElement | null {
  const links = document.querySelectorAll<HTMLAnchorElement>(`table.results-grid a[href*="student=${participantId}"]`);
  return [...links].find((a) => new URL(a.href).searchParams.get("test") === testCode) ?? null;
}

const tallyText = (t: LetterConflict["mine"]) => `${t.correct}/${t.of} correct${t.missed.length ? ` · missed ${t.missed.join(", ")}` : ""}`;

function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

type EditProps = {
  data: Ready;
  cancelHref: string;
  error: Props["error"];
  nextStudent: string | null;
  hrefAfterSave: Props["hrefAfterSave"];
  /** Whether the boxes differ from the saved scores, for the dialog's Escape and outside click. */
  dirty: MutableRefObject<boolean>;
  confirming: boolean;
  onKeep: () => void;
  onDiscard: () => void;
};

function EditLetters({ data, cancelHref, error: posted, nextStudent, hrefAfterSave, dirty, confirming, onKeep, onDiscard }: EditProps) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  // With scripts the save goes through the browser's queue (issue 40 item 1): its answer lands here.
  const [sent, setSent] = useState<LetterError | null>(null);
  const [sending, setSending] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const error = sent ?? posted;
  const conflict = error?.conflict ?? null;
  const pending = sending || (navigation.state === "submitting" && navigation.formMethod?.toLowerCase() === "post");
  const initial = error?.scores ?? data.scores;
  const ticks = useRef<LetterTicksHandle | null>(null);
  const submit = useRef<HTMLButtonElement | null>(null);
  const saveNext = useRef<HTMLButtonElement | null>(null);
  const owner = (useRouteLoaderData("root") as { user?: { email: string } | null } | undefined)?.user?.email ?? null;
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const nextHref =
    nextStudent && hrefAfterSave
      ? hrefAfterSave({ intent: "update", participantId: data.participantId, testCode: data.testCode, next: nextStudent })
      : null;
  /** A read-ahead move under way: a second Enter meanwhile does nothing. */
  const moving = useRef(false);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    // Without IndexedDB (or a known user) the form posts as it does without scripts.
    if (!owner || !canQueue() || !hrefAfterSave) return;
    event.preventDefault();
    if (sending) return;
    const form = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const fields = [...new FormData(form)].map(([k, v]) => [k, String(v)] as [string, string]);
    if (submitter?.name) fields.push([submitter.name, submitter.value]);
    const entry = newSave<LetterQueuedSave>({
      key: data.saveKey,
      owner,
      kind: "letters",
      fields,
      label: `${data.testTitle} · ${data.studentName}`,
    });
    const next = submitter?.name === "next" ? submitter.value : undefined;
    const to = hrefAfterSave({
      intent: conflict || data.participantTestId ? "update" : "create",
      participantId: data.participantId,
      testCode: data.testCode,
      next,
    });
    if (moving.current) return;
    if (next && isReadAhead(to)) {
      // The next student's dialog is here already: kept on this device, the save goes on in the
      // background and the teacher moves on at once, with no 'saving' state drawn in between.
      // What it comes to shows in the header's 'Waiting to save' list (a conflict to settle, a
      // refusal) and in the grid once saved.
      moving.current = true;
      try {
        await keepSave(entry);
      } catch (e) {
        moving.current = false;
        throw e;
      }
      dirty.current = false;
      let sent = false;
      const send = () => {
        if (sent) return;
        sent = true;
        void flush(owner).then(
          (outcomes) => {
            if (outcomes.get(entry.key)?.kind !== "saved") return showQueue(owner);
            markGridStale();
            revalidate();
          },
          () => showQueue(owner),
        );
      };
      sendOnNextOpen = send;
      window.setTimeout(send, SEND_AT_LATEST_MS);
      navigate(to, { preventScrollReset: true });
      return;
    }
    setSending(true);
    try {
      // Kept first, sent after: a save the network loses is still on this device.
      const outcome = await saveNow(entry);
      if (outcome.kind === "saved") {
        dirty.current = false;
        // The grid and risk scores are read again in place. Closing: with the navigation. The next
        // student: once their dialog is open, so the grid's load does not hold it up.
        if (next) refreshOnNextOpen = true;
        else markGridStale();
        navigate(to, { preventScrollReset: true });
        return;
      }
      if (outcome.kind === "conflict" || outcome.kind === "refused") {
        // Shown here, in the dialog, as the action shows it without scripts: not left in the queue.
        await dropSave(owner, entry.key);
        setWaiting(false);
        setSent(
          outcome.kind === "conflict"
            ? { message: outcome.conflict.message, conflict: outcome.conflict }
            : { message: outcome.message, detail: outcome.detail },
        );
        return;
      }
      // No answer, or the server away: it waits on this device ('Waiting to save' in the header).
      dirty.current = false;
      setWaiting(true);
    } finally {
      setSending(false);
    }
  };
  const keep = useRef<HTMLButtonElement | null>(null);
  const onDirty = useCallback(
    (changed: boolean) => {
      dirty.current = changed;
    },
    [dirty],
  );
  useEffect(() => {
    if (confirming) keep.current?.focus();
  }, [confirming]);
  // The next student's letters replace the last one's in the open dialog, where Radix's focus on
  // opening does not run again (it may have put focus on the dialog itself when the last
  // student's boxes went): the first box takes focus, unless focus is in the form already (a box
  // ticked before the scripts loaded keeps it).
  const form = useRef<HTMLFormElement | null>(null);
  useEffect(() => {
    if (form.current && !form.current.contains(document.activeElement)) ticks.current?.focusActive();
    if (canQueue()) openQueue();
  }, []);

  return (
    <>
      <Dialog.Title className="results-dialog__title">Edit Mode: Letter Sound/Name Scores | {data.period}</Dialog.Title>
      <p className="letter-dialog__meta">
        {data.studentName} · {data.testTitle}
      </p>
      {nextHref && owner && hydrated ? <ReadAhead href={nextHref} /> : null}
      <Form
        ref={form}
        method="post"
        noValidate
        preventScrollReset
        className="letter-dialog__form"
        data-hydrated={hydrated ? "" : undefined}
        onSubmit={(e) => void onSubmit(e)}
      >
        <input type="hidden" name="intent" value={conflict || data.participantTestId ? "update" : "create"} />
        <input type="hidden" name="idempotencyKey" value={data.saveKey} />
        <input type="hidden" name="testCode" value={data.testCode} />
        <input type="hidden" name="participantId" value={data.participantId} />
        <input type="hidden" name="grade" value={data.grade} />
        <input type="hidden" name="periodName" value={data.period} />
        {conflict || data.participantTestId ? (
          <input type="hidden" name="participantTestId" value={conflict?.participantTestId ?? data.participantTestId ?? ""} />
        ) : null}
        {conflict || data.version ? <input type="hidden" name="version" value={conflict?.version ?? data.version ?? ""} /> : null}
        <LetterTicks
          ref={ticks}
          items={data.items}
          initial={initial}
          saved={data.scores}
          legend={`${data.testTitle}: check each letter the student got right`}
          helpId="letters-help"
          hydrated={hydrated}
          onPastEnd={() => (saveNext.current ?? submit.current)?.focus()}
          onDirty={onDirty}
        />
        {conflict ? (
          <div role="alert" className="alert alert--error letter-dialog__conflict">
            <p>{conflict.message}</p>
            <dl>
              <div>
                <dt>Your scores</dt>
                <dd>{tallyText(conflict.mine)}</dd>
              </div>
              <div>
                <dt>Saved now</dt>
                <dd>{tallyText(conflict.saved)}</dd>
              </div>
            </dl>
            <p className="alert__detail">Keep yours to save them over the saved scores, or keep the saved scores.</p>
          </div>
        ) : error ? (
          <div role="alert" className="alert alert--error">
            <p>{error.message}</p>
            {error.detail ? <p className="alert__detail">{error.detail}</p> : null}
          </div>
        ) : null}
        {waiting ? (
          <p role="status" className="alert letter-dialog__waiting">
            No connection to the server: these scores are kept on this device and will be saved when it returns.
          </p>
        ) : null}
        {confirming ? (
          <div role="alertdialog" aria-labelledby="letters-discard" className="letter-dialog__confirm">
            <p id="letters-discard">Discard the scores you entered?</p>
            <button type="button" className="button button--danger" onClick={onDiscard}>
              Discard
            </button>
            <button
              type="button"
              ref={keep}
              className="button button--primary"
              onClick={() => {
                onKeep();
                ticks.current?.focusActive();
              }}
            >
              Keep editing
            </button>
          </div>
        ) : null}
        <div className="results-dialog__actions">
          <Link to={cancelHref} className="button" preventScrollReset>
            {conflict ? "Keep the saved scores" : "Cancel"}
          </Link>
          <button ref={submit} type="submit" className="button button--primary" disabled={pending}>
            {pending ? "Submitting…" : conflict ? "Keep mine" : "Submit Scores"}
          </button>
          {nextStudent && !conflict ? (
            <button ref={saveNext} type="submit" name="next" value={nextStudent} className="button button--primary" disabled={pending}>
              Save and next student
            </button>
          ) : null}
        </div>
      </Form>
    </>
  );
}

function ViewLetters({ data, closeHref, editHref }: { data: Ready; closeHref: string; editHref: string }) {
  const shown = data.rows.filter((r) => r.applies || r.participantTestId);
  return (
    <>
      <Dialog.Title className="results-dialog__title">Letter Sound/Name Scores | {data.period}</Dialog.Title>
      <p className="letter-dialog__meta">{data.studentName}</p>
      {/* A region that scrolls must take keyboard focus, or keyboard users cannot scroll it (axe: scrollable-region-focusable). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className="letter-table__scroll" role="region" aria-label="Letter scores by letter" tabIndex={0}>
        <table className="letter-table">
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">Test</span>
              </th>
              {data.letters.map((l) => (
                <th key={l} scope="col">
                  {l}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.testCode}>
                <th scope="row">{row.title}</th>
                {data.letters.map((l) => {
                  const v = row.scores[l];
                  return (
                    <td
                      key={l}
                      className={clsx("letter-cell", {
                        "letter-cell--correct": v === 1,
                        "letter-cell--incorrect": v === 0,
                        "letter-cell--none": v !== 1 && v !== 0,
                      })}
                    >
                      <span aria-hidden="true">{v === 1 ? "✓" : v === 0 ? "✗" : "–"}</span>
                      <span className="visually-hidden">{v === 1 ? "Correct" : v === 0 ? "Incorrect" : "No score"}</span>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="letter-legend" aria-label="Legend">
        <li>
          <span className="letter-cell letter-cell--correct" aria-hidden="true">
            ✓
          </span>{" "}
          Correct
        </li>
        <li>
          <span className="letter-cell letter-cell--incorrect" aria-hidden="true">
            ✗
          </span>{" "}
          Incorrect
        </li>
        <li>
          <span className="letter-cell letter-cell--none" aria-hidden="true">
            –
          </span>{" "}
          No score
        </li>
      </ul>
      <dl className="letter-dialog__dates">
        {shown.map((row) => {
          const values = Object.values(row.scores).filter((v) => v !== null);
          return (
            <div key={row.testCode}>
              <dt>{row.title}</dt>
              <dd>
                {row.submitted ? `Submitted ${row.submitted}` : "Not submitted"}
                {values.length ? ` · ${values.filter((v) => v === 1).length}/${values.length} correct` : null}
              </dd>
            </div>
          );
        })}
      </dl>
      <div className="results-dialog__actions">
        <Link to={editHref} className="button" preventScrollReset>
          Edit {data.testTitle}
        </Link>
        <Link to={closeHref} className="button button--primary" preventScrollReset>
          Close
        </Link>
      </div>
    </>
  );
}

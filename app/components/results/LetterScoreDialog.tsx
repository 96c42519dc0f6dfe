import * as Dialog from "@radix-ui/react-dialog";
import { Form, Link, useNavigate, useNavigation } from "@remix-run/react";
import clsx from "clsx";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import type { LetterDialogData } from "./letter-dialog-data";

type Ready = Extract<LetterDialogData, { kind: "ready" }>;

type Props = {
  data: LetterDialogData;
  /** The page without the dialog. */
  closeHref: string;
  /** The read-only dialog of the same cell. */
  viewHref: string;
  /** The edit dialog, opened from read-only. */
  editHref: string;
  /** From the action: the spec's failure text, the server's reason, and the scores as submitted. */
  error?: { message: string; detail?: string; scores?: Record<string, 0 | 1> } | null;
};

/**
 * The letter score dialogs of spec 001 §2/§4. The open state lives in the URL, so the dialog is
 * server-rendered (no portal) and its form posts without JavaScript; Radix adds the focus trap,
 * Escape and inert background once scripts load.
 */
export function LetterScoreDialog({ data, closeHref, viewHref, editHref, error }: Props) {
  const navigate = useNavigate();
  const ready = data.kind === "ready" ? data : null;
  // Escape or Cancel in an edit dialog opened from read-only returns to read-only (spec 001 §4).
  const dismissHref = ready && ready.mode === "edit" && ready.fromView ? viewHref : closeHref;
  // Opened by navigation, not a Radix Trigger: remember the cell link that had focus, and give
  // focus back to it when the dialog goes away (not when it only switches between view and edit).
  const [opener] = useState(() => (typeof document === "undefined" ? null : (document.activeElement as HTMLElement | null)));
  const open = useRef(true);
  useEffect(() => {
    open.current = true;
    return () => {
      open.current = false;
    };
  }, []);
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : navigate(dismissHref, { preventScrollReset: true }))}>
      <Dialog.Overlay className="results-dialog-overlay" />
      <Dialog.Content
        key={ready ? `${ready.mode}-${ready.participantId}-${ready.testCode}` : "error"}
        className="results-dialog letter-dialog"
        aria-describedby={undefined}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (!open.current && opener?.isConnected && opener !== document.body) opener.focus();
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
          <EditLetters data={ready} cancelHref={dismissHref} error={error ?? null} />
        ) : (
          <ViewLetters data={ready} closeHref={closeHref} editHref={editHref} />
        )}
      </Dialog.Content>
    </Dialog.Root>
  );
}

function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

function EditLetters({ data, cancelHref, error }: { data: Ready; cancelHref: string; error: Props["error"] }) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formMethod?.toLowerCase() === "post";
  const [scores, setScores] = useState<Record<string, 0 | 1>>(() => error?.scores ?? data.scores);
  const [active, setActive] = useState(0);
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const items = data.items;
  const correct = items.filter((i) => scores[i.code] === 1).length;

  const focusAt = (index: number) => {
    const next = Math.max(0, Math.min(items.length - 1, index));
    setActive(next);
    boxes.current[next]?.focus();
  };
  const set = (code: string, value: 0 | 1) => setScores((s) => ({ ...s, [code]: value }));

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>, index: number) => {
    const code = items[index].code;
    switch (event.key) {
      case "ArrowRight":
      case "ArrowDown":
        event.preventDefault();
        focusAt(index + 1);
        break;
      case "ArrowLeft":
      case "ArrowUp":
        event.preventDefault();
        focusAt(index - 1);
        break;
      case "Home":
        event.preventDefault();
        focusAt(0);
        break;
      case "End":
        event.preventDefault();
        focusAt(items.length - 1);
        break;
      case "Enter":
        // A checkbox would otherwise submit the form; Enter toggles like Space.
        event.preventDefault();
        set(code, scores[code] === 1 ? 0 : 1);
        break;
      case "1":
      case "0":
        event.preventDefault();
        set(code, event.key === "1" ? 1 : 0);
        focusAt(index + 1);
        break;
    }
  };

  return (
    <>
      <Dialog.Title className="results-dialog__title">Edit Mode: Letter Sound/Name Scores | {data.periodLabel}</Dialog.Title>
      <p className="letter-dialog__meta">
        {data.studentName} · {data.testTitle}
      </p>
      <Form method="post" noValidate preventScrollReset className="letter-dialog__form" data-hydrated={hydrated ? "" : undefined}>
        <input type="hidden" name="intent" value={data.participantTestId ? "update" : "create"} />
        <input type="hidden" name="testCode" value={data.testCode} />
        <input type="hidden" name="participantId" value={data.participantId} />
        <input type="hidden" name="grade" value={data.grade} />
        <input type="hidden" name="periodName" value={data.period} />
        {data.participantTestId ? <input type="hidden" name="participantTestId" value={data.participantTestId} /> : null}
        <fieldset className="letters" aria-describedby="letters-help">
          <legend>{data.testTitle}: check each letter the student got right</legend>
          <p id="letters-help" className="letters__help">
            Arrow keys move between letters. Space or Enter switches correct and incorrect; 1 marks correct and 0 incorrect, then moves on.
          </p>
          <div className="letters__grid">
            {items.map((item, index) => (
              <label key={item.code} className="letter">
                <input
                  ref={(el) => {
                    boxes.current[index] = el;
                  }}
                  type="checkbox"
                  name="correct"
                  value={item.code}
                  checked={scores[item.code] === 1}
                  onChange={(e) => set(item.code, e.currentTarget.checked ? 1 : 0)}
                  onKeyDown={(e) => onKeyDown(e, index)}
                  onFocus={() => setActive(index)}
                  // One tab stop for the whole set once scripts run (arrows move inside it).
                  tabIndex={hydrated ? (index === active ? 0 : -1) : 0}
                  className="letter__input"
                />
                <span className="letter__glyph">{item.letter}</span>
                <span className="letter__state letter__state--correct" aria-hidden="true">
                  ✓ Correct
                </span>
                <span className="letter__state letter__state--incorrect" aria-hidden="true">
                  ✗ Incorrect
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <p className="letter-dialog__count" role="status">
          Correct: <span className="count-js">{correct}</span>
          <span className="count-css" aria-hidden="true" />/{items.length}
        </p>
        {error ? (
          <div role="alert" className="alert alert--error">
            <p>{error.message}</p>
            {error.detail ? <p className="alert__detail">{error.detail}</p> : null}
          </div>
        ) : null}
        <div className="results-dialog__actions">
          <Link to={cancelHref} className="button" preventScrollReset>
            Cancel
          </Link>
          <button type="submit" className="button button--primary" disabled={pending}>
            {pending ? "Submitting…" : "Submit Scores"}
          </button>
        </div>
      </Form>
    </>
  );
}

function ViewLetters({ data, closeHref, editHref }: { data: Ready; closeHref: string; editHref: string }) {
  const shown = data.rows.filter((r) => r.applies || r.participantTestId);
  return (
    <>
      <Dialog.Title className="results-dialog__title">Letter Sound/Name Scores | {data.periodLabel}</Dialog.Title>
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

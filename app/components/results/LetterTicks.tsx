import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef, useState, type KeyboardEvent } from "react";

// The letter ticks of hand-entered letter scores (spec 001 §4 'Letter score edit'): one box per
// letter, one tab stop for the set once scripts run, arrows to move, Space or Enter to switch, 1
// and 0 to mark and move on, and the live count of correct letters. The grid's letter dialog and
// the student's progress probes (issue 39 item 5) both enter letters with it. The boxes are the
// form's own state (uncontrolled): what was ticked before the scripts arrived stays ticked through
// hydration (issue 12), and a native submit posts exactly that. The form around it carries the
// class `letter-dialog__form` (and `data-hydrated` once hydrated) for the count without scripts.

export type LetterTicksHandle = {
  /** Focus the letter the user was last on (after a confirmation closes). */
  focusActive: () => void;
};

type Props = {
  items: readonly { code: string; letter: string }[];
  /** What the boxes start with (after a refused save: what was submitted). */
  initial: Readonly<Record<string, 0 | 1>>;
  /** The saved scores, to tell whether the boxes differ from them. */
  saved: Readonly<Record<string, 0 | 1>>;
  legend: string;
  /** The id of the help text (unique on the page). */
  helpId: string;
  hydrated: boolean;
  /** Past the last letter: on to the form's submit button, so Enter saves. */
  onPastEnd: () => void;
  /** Whether the boxes differ from the saved scores, each time they change. */
  onDirty?: (dirty: boolean) => void;
  name?: string;
};

export const LetterTicks = forwardRef<LetterTicksHandle, Props>(function LetterTicks(
  { items, initial, saved, legend, helpId, hydrated, onPastEnd, onDirty, name = "correct" },
  ref,
) {
  const [correct, setCorrect] = useState(() => items.filter((i) => initial[i.code] === 1).length);
  const [active, setActive] = useState(0);
  const boxes = useRef<(HTMLInputElement | null)[]>([]);

  const recount = useCallback(() => {
    let n = 0;
    let changed = false;
    items.forEach((item, i) => {
      const checked = boxes.current[i]?.checked ?? initial[item.code] === 1;
      if (checked) n++;
      if (checked !== (saved[item.code] === 1)) changed = true;
    });
    setCorrect(n);
    onDirty?.(changed);
  }, [items, initial, saved, onDirty]);
  // Hydration: read what the form holds now (boxes ticked before the scripts ran).
  useEffect(recount, [recount]);
  useImperativeHandle(ref, () => ({ focusActive: () => boxes.current[active]?.focus() }), [active]);

  const focusAt = (index: number) => {
    if (index >= items.length) {
      onPastEnd();
      return;
    }
    const next = Math.max(0, index);
    setActive(next);
    boxes.current[next]?.focus();
  };
  const set = (index: number, value: boolean) => {
    const box = boxes.current[index];
    if (box) box.checked = value;
    recount();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>, index: number) => {
    switch (event.key) {
      case "ArrowRight":
      case "ArrowDown":
        event.preventDefault();
        focusAt(Math.min(items.length - 1, index + 1));
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
        set(index, !boxes.current[index]?.checked);
        break;
      case "1":
      case "0":
        event.preventDefault();
        set(index, event.key === "1");
        focusAt(index + 1);
        break;
    }
  };

  return (
    <>
      <fieldset className="letters" aria-describedby={helpId} onChange={recount}>
        <legend>{legend}</legend>
        <p id={helpId} className="letters__help">
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
                name={name}
                value={item.code}
                defaultChecked={initial[item.code] === 1}
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
    </>
  );
});

import { useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { markGridStale } from "#app/components/results/grid-refresh";
import type { HeaderQueue, QueuedSave } from "./save-queue";
import { offeredQueue, QUEUE_EVENT, readQueueCount, waitingText } from "./queue-count";

type QueueModule = HeaderQueue;

/**
 * 'Waiting to save (n)' in the page header (issue 40 item 1): the scores kept on this device
 * until the network or the server returns, as a disclosure listing them. A live region, so the
 * count is announced as it changes. The page carries only this and a count kept in localStorage
 * (./queue-count.ts); the queue's own code loads when there is something in it, then sends what
 * waits (now, when the browser is online again, and on a back-off) and lets the teacher settle a
 * save that met a change made meanwhile.
 */
export function SaveQueueStatus({ owner }: { owner: string }) {
  const [count, setCount] = useState(0);
  const [queue, setQueue] = useState<QueueModule | null>(null);
  const [saves, setSaves] = useState<QueuedSave[]>([]);
  // Offered by a dialog that is sending its save at this moment: no second send beside it.
  const offeredNow = useRef(false);
  const { revalidate: readAgain } = useRevalidator();
  // A save sent from here changed what the page shows (the classroom's grid skips revalidation unless told).
  const revalidate = useCallback(() => {
    markGridStale();
    readAgain();
  }, [readAgain]);

  useEffect(() => {
    const read = () => setCount(readQueueCount(owner));
    read();
    window.addEventListener(QUEUE_EVENT, read);
    window.addEventListener("storage", read);
    return () => {
      window.removeEventListener(QUEUE_EVENT, read);
      window.removeEventListener("storage", read);
    };
  }, [owner]);

  useEffect(() => {
    if (count === 0 || queue) return;
    // A dialog on this page kept the save: its code is here already (offline, a download fails).
    const offered = offeredQueue<QueueModule>();
    if (offered) {
      offeredNow.current = true;
      return setQueue(offered);
    }
    let stopped = false;
    const load = () =>
      void import("./save-queue").then(
        (m) => !stopped && setQueue(m.header),
        () => undefined,
      );
    load();
    // A download that failed offline is tried again when the browser is online.
    window.addEventListener("online", load);
    return () => {
      stopped = true;
      window.removeEventListener("online", load);
    };
  }, [count, queue]);

  useEffect(() => {
    if (!queue) return;
    return queue.startSync(owner, { onSaved: () => revalidate(), onList: setSaves }, { first: offeredNow.current ? "later" : "now" });
  }, [queue, owner, revalidate]);

  const shown = count > 0 ? Math.max(count, saves.length) : 0;
  return (
    <div className="save-queue" role="status">
      {shown > 0 ? (
        <details className="save-queue__details">
          <summary>{waitingText(saves.length || shown)}</summary>
          <ul className="save-queue__list">
            {saves.map((s) => (
              <li key={s.key}>
                <span>{s.label}</span>{" "}
                <span className="muted">
                  {s.state === "waiting"
                    ? `kept ${new Date(s.savedAt).toLocaleTimeString()}, sent when the connection returns`
                    : s.state === "refused"
                      ? `not saved: ${s.message ?? ""}`
                      : (s.conflict?.message ?? s.message)}
                </span>
                {s.state === "conflict" && s.conflict && queue ? (
                  <>
                    <dl className="save-queue__compare">
                      <div>
                        <dt>Your scores</dt>
                        <dd>{s.kind === "ran" ? s.conflict.mine : tally(s.conflict.mine)}</dd>
                      </div>
                      <div>
                        <dt>Saved now</dt>
                        <dd>{s.kind === "ran" ? s.conflict.saved : tally(s.conflict.saved)}</dd>
                      </div>
                    </dl>
                    <button
                      type="button"
                      className="button button--primary"
                      onClick={() =>
                        void queue
                          .keepMine(s)
                          .then(() => queue.flush(owner))
                          .then(() => revalidate())
                      }
                    >
                      Keep mine
                    </button>{" "}
                    <button type="button" className="button" onClick={() => void queue.dropSave(owner, s.key)}>
                      Keep the saved scores
                    </button>
                  </>
                ) : s.state === "refused" && queue ? (
                  <button type="button" className="button" onClick={() => void queue.dropSave(owner, s.key)}>
                    Dismiss
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

const tally = (t: { correct: number; of: number; missed: string[] }) =>
  `${t.correct}/${t.of} correct${t.missed.length ? ` · missed ${t.missed.join(", ")}` : ""}`;

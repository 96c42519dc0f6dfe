// How many saves wait in this browser for the signed-in user (issue 40 item 1), mirrored from
// IndexedDB into localStorage so the page header can tell at once, without loading the queue's
// code, whether there is anything to send or show. The queue (./save-queue.ts) writes it.

export const QUEUE_EVENT = "save-queue";

const storageKey = (owner: string) => `save-queue:${owner}`;

export function readQueueCount(owner: string): number {
  try {
    const n = Number(window.localStorage.getItem(storageKey(owner)));
    return Number.isInteger(n) && n > 0 ? n : 0;
  } catch {
    // Storage switched off: the queue cannot be used either.
    return 0;
  }
}

export function writeQueueCount(owner: string, n: number) {
  try {
    if (n > 0) window.localStorage.setItem(storageKey(owner), String(n));
    else window.localStorage.removeItem(storageKey(owner));
  } catch {
    // Nothing to mirror into; the header then learns of the queue on the next change event.
  }
  window.dispatchEvent(new CustomEvent(QUEUE_EVENT));
}

/**
 * The queue's own code, once this page has it (a dialog that saves through it loaded it). The
 * header takes it from here rather than downloading the queue's script file: a save kept offline
 * must be listed, and sent when the connection returns, without a download that cannot happen.
 */
let offered: unknown = null;

export function offerQueue(queue: unknown) {
  offered = queue;
}

export function offeredQueue<T>(): T | null {
  return offered as T | null;
}

/** 'Waiting to save (n)': the header's words. */
export const waitingText = (n: number) => `Waiting to save (${n})`;

/** The sign-out confirmation (issue 40 item 1): it names how many saves would be left behind. */
export const signOutQuestion = (n: number) =>
  `${n === 1 ? "1 score is" : `${n} scores are`} waiting to save on this device. They are sent when you sign in here again. Sign out anyway?`;

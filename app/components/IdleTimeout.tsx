import { useLocation, useSubmit } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { keepAliveEveryMs } from "#app/domain/session-timing";
import { lazyDialog } from "./lazy-dialog";

// Spec 001 section 4 'Session idle': after `idleMs` without activity, 'Are you still there?';
// 'Yes, I need more time.' keeps the session (and refreshes it on the server), 'No, log me
// out.' signs out; no answer within `graceMs` signs out and goes to /timeout remembering the page.
// Activity is shared between tabs through localStorage, so a busy tab keeps a quiet one alive.
// The warning is a Radix dialog above any other (IdleWarning.tsx; issue 34 item 9), whose code
// loads once half the idle time has passed, well before it is needed.

const LazyIdleWarning = lazyDialog(() => import("./IdleWarning").then((m) => m.IdleWarning));

const ACTIVITY_EVENTS = ["pointerdown", "pointermove", "keydown", "wheel", "scroll", "touchstart"] as const;
const STORAGE_KEY = "idle-timeout:last-activity";

export function IdleTimeout({ idleMs, graceMs }: { idleMs: number; graceMs: number }) {
  const [asking, setAsking] = useState(false);
  const lastActivity = useRef(Date.now());
  const lastKeepAlive = useRef(Date.now());
  const askedAt = useRef<number | null>(null);
  const location = useLocation();
  const submit = useSubmit();
  const here = location.pathname + location.search;
  const hereRef = useRef(here);
  hereRef.current = here;
  // Activity on one page makes no server call; the server's idle limit allows for this interval.
  const keepAliveEvery = keepAliveEveryMs(idleMs);

  const timeOut = useCallback(() => {
    submit({ redirectTo: hereRef.current }, { method: "post", action: "/timeout", replace: true });
  }, [submit]);

  const keepAlive = useCallback(async () => {
    lastKeepAlive.current = Date.now();
    try {
      const res = await fetch("/session-keepalive", { credentials: "same-origin", cache: "no-store" });
      const body = (await res.json()) as { active: boolean };
      // The server already ended the session (a laptop that slept, a revoked token).
      if (!body.active) timeOut();
    } catch {
      // Offline for a moment: the next activity tries again.
    }
  }, [timeOut]);

  useEffect(() => {
    const onActivity = () => {
      if (askedAt.current !== null) return;
      const now = Date.now();
      if (now - lastActivity.current < 250) return;
      lastActivity.current = now;
      try {
        localStorage.setItem(STORAGE_KEY, String(now));
      } catch {
        // Storage may be off; this tab still works on its own.
      }
      if (now - lastKeepAlive.current >= keepAliveEvery) void keepAlive();
    };
    for (const e of ACTIVITY_EVENTS) window.addEventListener(e, onActivity, { passive: true, capture: true });
    const tick = setInterval(
      () => {
        const now = Date.now();
        if (askedAt.current === null) {
          let shared = 0;
          try {
            shared = Number(localStorage.getItem(STORAGE_KEY) ?? 0);
          } catch {
            shared = 0;
          }
          const last = Math.max(lastActivity.current, shared);
          if (now - last >= idleMs / 2) LazyIdleWarning.preload();
          if (now - last >= idleMs) {
            askedAt.current = now;
            setAsking(true);
          }
        } else if (now - askedAt.current >= graceMs) {
          askedAt.current = Number.POSITIVE_INFINITY;
          timeOut();
        }
      },
      Math.max(100, Math.min(1000, idleMs / 20)),
    );
    return () => {
      for (const e of ACTIVITY_EVENTS) window.removeEventListener(e, onActivity, { capture: true });
      clearInterval(tick);
    };
  }, [idleMs, graceMs, keepAlive, keepAliveEvery, timeOut]);

  const stay = () => {
    askedAt.current = null;
    lastActivity.current = Date.now();
    setAsking(false);
    void keepAlive();
  };
  // The warning's form posts /logout; from then on the timer does nothing.
  const leave = () => {
    askedAt.current = Number.POSITIVE_INFINITY;
  };

  return asking ? <LazyIdleWarning onStay={stay} onLeave={leave} /> : null;
}

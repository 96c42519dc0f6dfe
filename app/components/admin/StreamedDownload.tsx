import { useId, useRef, useState, type MouseEvent } from "react";
import { csvRecordCounter } from "#app/domain/csv";

const count = (n: number) => n.toLocaleString("en-US");

/** 'Preparing… 12,000 of 100,000 rows' while a streamed CSV arrives (the total when the server sent X-Total-Rows). */
export function progressText(rows: number, total: number | null): string {
  return total === null ? `Preparing… ${count(rows)} rows` : `Preparing… ${count(rows)} of ${count(total)} rows`;
}
export const doneText = (rows: number) => `Downloaded ${count(rows)} rows.`;
export const FAILED_TEXT = "The download stopped before the end. Please try again.";

/**
 * A streamed CSV download (issue 15). Without JavaScript it is a plain link: the server's
 * Content-Disposition makes it a download. With JavaScript the click reads the stream itself,
 * counting rows as they arrive in a polite live region ('Preparing… 12,000 of 100,000 rows'),
 * then hands the file to the browser. A failure answer (the server redirects with its toast) is
 * followed as a page; a stream cut short says so and saves nothing.
 */
export function StreamedDownload({ href, children }: { href: string; children: string }) {
  const statusId = useId();
  const [status, setStatus] = useState("");
  const busy = useRef(false);

  async function onClick(event: MouseEvent<HTMLAnchorElement>) {
    // New tab, save-as and the like stay the browser's.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    setStatus("Preparing…");
    try {
      const response = await fetch(href, { credentials: "same-origin" });
      if (!response.ok || !response.body || !response.headers.get("content-type")?.startsWith("text/csv")) {
        // The route answered with a page (its 'Report not found' toast, or sign-in): show it.
        window.location.assign(response.url || href);
        return;
      }
      const header = Number(response.headers.get("x-total-rows"));
      const total = response.headers.has("x-total-rows") && Number.isInteger(header) ? header : null;
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      const counter = csvRecordCounter();
      const chunks: Uint8Array[] = [];
      let rows = 0;
      setStatus(progressText(0, total));
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        // The first record is the header row.
        rows = Math.max(0, counter.push(decoder.decode(value, { stream: true })) - 1);
        setStatus(progressText(rows, total));
      }
      const name = response.headers.get("filename") ?? "report.csv";
      const url = URL.createObjectURL(new Blob(chunks as BlobPart[], { type: "text/csv;charset=utf-8" }));
      const a = document.createElement("a");
      a.href = url;
      a.download = name;
      document.body.append(a);
      a.click();
      a.remove();
      // The browser has taken the file once the click is handled.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      setStatus(doneText(rows));
    } catch {
      setStatus(FAILED_TEXT);
    } finally {
      busy.current = false;
    }
  }

  return (
    <span className="streamed-download">
      <a className="button" href={href} onClick={onClick} aria-describedby={statusId}>
        {children}
      </a>
      <span id={statusId} role="status" aria-live="polite" className="streamed-download__status">
        {status}
      </span>
    </span>
  );
}

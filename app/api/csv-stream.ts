import { toCsv, UTF8_BOM } from "#app/domain/csv";
import type { CsvRow } from "#app/domain/report-rows";

// Streamed CSV bodies (issue 15; ADR docs/decisions/0017-streamed-reports.md). The header row leaves
// at once; each further chunk is one batch of rows, read from the database only when the reader
// asks for more (pull), so the server holds one batch however big the district.
//
// A failure after the first byte cannot change the status any more: the stream is errored, which
// aborts the response (no closing chunk), so a browser marks the download failed and a reader's
// read() rejects. A cut file never ends as if it were whole.

const encoder = new TextEncoder();

/** The CSV of `header` then every batch `batches` yields, as a byte stream with a UTF-8 byte order mark. */
export function csvStream(header: CsvRow, batches: AsyncIterable<CsvRow[]>, onError: (e: unknown) => void): ReadableStream<Uint8Array> {
  let iterator: AsyncIterator<CsvRow[]> | null = null;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(UTF8_BOM + toCsv([header])));
      },
      async pull(controller) {
        iterator ??= batches[Symbol.asyncIterator]();
        // Back to the event loop before each batch: PGlite answers a query within the same run of
        // promise callbacks, so without this the whole file would be read before Node wrote the
        // first chunk to the socket (its writes wait for the loop), and other requests would wait too.
        await new Promise<void>((resolve) => setImmediate(resolve));
        try {
          // Batches that make no rows (a school without students) are skipped, so each pull enqueues.
          for (;;) {
            const next = await iterator.next();
            if (next.done) return controller.close();
            if (next.value.length) return controller.enqueue(encoder.encode(toCsv(next.value)));
          }
        } catch (e) {
          onError(e);
          controller.error(e);
        }
      },
      async cancel() {
        // The reader went away (a closed tab): stop reading batches.
        await iterator?.return?.();
      },
    },
    // Nothing read ahead: a batch is read when the reader asks for it, so a slow reader holds one.
    { highWaterMark: 0 },
  );
}

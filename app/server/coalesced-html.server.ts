import { Transform, type TransformCallback } from "node:stream";

/**
 * The page's HTML as React writes it, in fewer, bigger pieces. React's Node renderer writes
 * 2 KB at a time, and each piece became one write to the socket: a system call, and on this VM
 * a wake-up of the reader. A 60 KB page made 30 of them, which one visitor waited for (the
 * District Schools tab took 1.7 ms longer at 40 rows than at 2 with the same CPU). The pieces
 * written in one turn of the event loop now go out as one; a piece written later (streamed
 * data) still goes out in the turn after it was written.
 */
export class CoalescedHtml extends Transform {
  private parts: Buffer[] = [];
  private scheduled = false;

  constructor() {
    // Not destroyed once read to its end: React takes a 'close' of its destination as the visitor
    // leaving and aborts, which on a finished page ends the stream a second time (an error object
    // built and dropped, 0.2 ms a large page). A visitor who does leave still closes it: the
    // response's stream destroys it, and React stops rendering.
    super({ autoDestroy: false });
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.parts.push(chunk);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.release());
    }
    done();
  }

  override _flush(done: TransformCallback) {
    this.release();
    done();
  }

  private release() {
    this.scheduled = false;
    if (this.parts.length === 0) return;
    this.push(this.parts.length === 1 ? this.parts[0] : Buffer.concat(this.parts));
    this.parts = [];
  }
}

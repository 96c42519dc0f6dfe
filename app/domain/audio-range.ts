// The Range request header for one stored file (RFC 9110 §14), so a browser can seek in a
// recording without downloading it whole. Pure: header and size in, the bytes to send out.

export type ByteRange =
  | { kind: "full" }
  /** Inclusive byte positions, as Content-Range writes them. */
  | { kind: "partial"; start: number; end: number }
  | { kind: "unsatisfiable" };

/**
 * What to answer a Range header with: the whole file (no header, a unit other than bytes, or
 * several ranges, which a server may always ignore rather than send multipart), one range
 * (206), or 416 for a malformed range or one that starts at or past the end.
 */
export function parseByteRange(header: string | null | undefined, size: number): ByteRange {
  if (header === null || header === undefined || header.trim() === "") return { kind: "full" };
  const eq = header.indexOf("=");
  if (eq < 0) return { kind: "unsatisfiable" };
  if (header.slice(0, eq).trim().toLowerCase() !== "bytes") return { kind: "full" };
  const specs = header
    .slice(eq + 1)
    .split(",")
    .map((s) => s.trim());
  if (specs.length > 1 && specs.every((s) => s !== "")) return { kind: "full" };
  const spec = specs[0]!; // split always yields at least one piece

  const suffix = /^-(\d{1,15})$/.exec(spec);
  if (suffix) {
    const length = Number(suffix[1]);
    if (length === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "partial", start: Math.max(0, size - length), end: size - 1 };
  }
  const bounded = /^(\d{1,15})-(\d{0,15})$/.exec(spec);
  if (!bounded) return { kind: "unsatisfiable" };
  const start = Number(bounded[1]);
  const last = bounded[2] === "" ? null : Number(bounded[2]);
  if ((last !== null && last < start) || start >= size) return { kind: "unsatisfiable" };
  return { kind: "partial", start, end: Math.min(last ?? size - 1, size - 1) };
}

/** The Content-Range value of a partial answer, or of a 416 (an asterisk for the range, then the size). */
export function contentRangeHeader(range: ByteRange, size: number): string | null {
  if (range.kind === "partial") return `bytes ${range.start}-${range.end}/${size}`;
  if (range.kind === "unsatisfiable") return `bytes */${size}`;
  return null;
}

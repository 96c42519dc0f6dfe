import { describe, expect, it } from "vitest";
import { measureSilence, suggestedResponseTime, type SilenceReport } from "./audio-silence";
import { decodeWav, encodeWav } from "./audio-wav";

type Part = [kind: "silence" | "room" | "tone", secs: number];

/**
 * A recording with known content: digital silence, faint room noise (a deterministic ±0.004
 * wobble, the level of a quiet classroom) or a 440 Hz tone at half scale standing in for speech.
 */
function signal(parts: Part[], rate = 8000): Float32Array {
  const out: number[] = [];
  for (const [kind, secs] of parts) {
    const n = Math.round(secs * rate);
    for (let i = 0; i < n; i++) {
      const t = out.length / rate;
      out.push(
        kind === "tone" ? 0.5 * Math.sin(2 * Math.PI * 440 * t) : kind === "room" ? 0.004 * Math.sin(i * 2.7) * Math.cos(i * 0.31) : 0,
      );
    }
  }
  return Float32Array.from(out);
}

describe("measureSilence", () => {
  it.each<[string, Part[], Pick<SilenceReport, "leadingSilenceSecs" | "trailingSilenceSecs" | "durationSecs">]>([
    ["no silence", [["tone", 5]], { durationSecs: 5, leadingSilenceSecs: 0, trailingSilenceSecs: 0 }],
    [
      "2.5 s before",
      [
        ["silence", 2.5],
        ["tone", 5],
      ],
      { durationSecs: 7.5, leadingSilenceSecs: 2.5, trailingSilenceSecs: 0 },
    ],
    [
      "3 s before",
      [
        ["silence", 3],
        ["tone", 5],
      ],
      { durationSecs: 8, leadingSilenceSecs: 3, trailingSilenceSecs: 0 },
    ],
    [
      "3.5 s before",
      [
        ["silence", 3.5],
        ["tone", 5],
      ],
      { durationSecs: 8.5, leadingSilenceSecs: 3.5, trailingSilenceSecs: 0 },
    ],
    [
      "4 s after",
      [
        ["tone", 5],
        ["silence", 4],
      ],
      { durationSecs: 9, leadingSilenceSecs: 0, trailingSilenceSecs: 4 },
    ],
    [
      "room noise both sides",
      [
        ["room", 4.5],
        ["tone", 6],
        ["room", 3.2],
      ],
      { durationSecs: 13.7, leadingSilenceSecs: 4.5, trailingSilenceSecs: 3.2 },
    ],
    [
      "a pause inside the speech is not trimmed",
      [
        ["room", 1],
        ["tone", 2],
        ["silence", 5],
        ["tone", 2],
        ["room", 1],
      ],
      { durationSecs: 11, leadingSilenceSecs: 1, trailingSilenceSecs: 1 },
    ],
  ])("%s", (_label, parts, expected) => {
    expect(measureSilence(signal(parts), 8000)).toEqual({ ...expected, silent: false });
  });

  it("places an onset that falls inside a window within that window", () => {
    const r = measureSilence(
      signal([
        ["silence", 3.004],
        ["tone", 2],
      ]),
      8000,
    );
    expect(r.leadingSilenceSecs).toBeGreaterThanOrEqual(2.99);
    expect(r.leadingSilenceSecs).toBeLessThanOrEqual(3.01);
  });

  it("counts a recording with no sound as all leading silence", () => {
    expect(measureSilence(signal([["room", 6]]), 8000)).toEqual({
      durationSecs: 6,
      leadingSilenceSecs: 6,
      trailingSilenceSecs: 0,
      silent: true,
    });
    expect(measureSilence(new Float32Array(0), 8000)).toEqual({
      durationSecs: 0,
      leadingSilenceSecs: 0,
      trailingSilenceSecs: 0,
      silent: true,
    });
  });

  it("hears speech quieter than the tone but above room noise", () => {
    const quiet = signal([
      ["silence", 4],
      ["tone", 1],
    ]).map((x) => x * 0.1); // about -29 dBFS RMS
    expect(measureSilence(quiet, 8000).leadingSilenceSecs).toBe(4);
  });

  it("measures an 8-bit file and a 16-bit stereo file at another rate within one 10 ms window", () => {
    const mono = signal(
      [
        ["room", 3.5],
        ["tone", 4],
        ["room", 4],
      ],
      11025,
    );
    for (const wav of [encodeWav([mono], 11025, 8), encodeWav([mono, mono], 11025, 16)]) {
      const d = decodeWav(wav);
      const r = measureSilence(d.mono, d.sampleRate);
      expect(r.durationSecs).toBe(11.5);
      expect(Math.abs(r.leadingSilenceSecs - 3.5)).toBeLessThanOrEqual(0.01);
      expect(Math.abs(r.trailingSilenceSecs - 4)).toBeLessThanOrEqual(0.01);
      expect(suggestedResponseTime(r).wholeSecs).toBe(4);
    }
  });
});

describe("suggestedResponseTime (spec 001 §9: blank audio over 3 s at start or end is subtracted)", () => {
  const report = (durationSecs: number, leadingSilenceSecs: number, trailingSilenceSecs: number): SilenceReport => ({
    durationSecs,
    leadingSilenceSecs,
    trailingSilenceSecs,
    silent: false,
  });
  it.each<[string, SilenceReport, number, number]>([
    ["no silence", report(40, 0, 0), 40, 40],
    ["2.9 s before stays", report(42.9, 2.9, 0), 42.9, 43],
    ["exactly 3 s before stays", report(43, 3, 0), 43, 43],
    ["3.01 s before goes", report(43.01, 3.01, 0), 40, 40],
    ["4.5 s before goes", report(44.5, 4.5, 0), 40, 40],
    ["exactly 3 s after stays", report(43, 0, 3), 43, 43],
    ["3.5 s after goes", report(43.5, 0, 3.5), 40, 40],
    ["both over 3 s go", report(48.25, 4, 4.25), 40, 40],
    ["only the side over 3 s goes", report(47, 5, 2), 42, 42],
    ["rounds the whole seconds half up", report(41.5, 0, 0), 41.5, 42],
  ])("%s", (_label, r, secs, wholeSecs) => {
    expect(suggestedResponseTime(r)).toMatchObject({ secs, wholeSecs });
  });

  it("says what it took off", () => {
    expect(suggestedResponseTime(report(48, 4, 2))).toEqual({
      secs: 44,
      wholeSecs: 44,
      subtractedLeadingSecs: 4,
      subtractedTrailingSecs: 0,
    });
  });

  it("gives 0 for a silent recording over 3 s, never less", () => {
    expect(suggestedResponseTime({ durationSecs: 6, leadingSilenceSecs: 6, trailingSilenceSecs: 0, silent: true }).secs).toBe(0);
  });

  it("works end to end on generated audio at, below and above 3 s", () => {
    const at = (lead: number, tail: number) =>
      suggestedResponseTime(
        measureSilence(
          signal([
            ["room", lead],
            ["tone", 10],
            ["room", tail],
          ]),
          8000,
        ),
      ).secs;
    expect(at(2.5, 2.5)).toBe(15);
    expect(at(3, 3)).toBe(16);
    expect(at(3.5, 3)).toBe(13);
    expect(at(3, 3.5)).toBe(13);
    expect(at(4, 5)).toBe(10);
  });
});

import { describe, expect, it } from "vitest";
import { encodeWav, WavFormatError } from "./audio-wav";
import { analyzeRecording, computePeaks, WAVEFORM_BUCKETS } from "./audio-waveform";

describe("computePeaks", () => {
  it.each<[string, number[], number, number[]]>([
    ["one sample a bucket", [0.1, -0.5, 0.25, -1], 4, [0.1, 0.5, 0.25, 1]],
    ["loudest of each stretch", [0.1, -0.3, 0.2, 0.9, -0.95, 0], 2, [0.3, 0.95]],
    ["uneven stretches cover every sample", [0.1, 0.2, 0.3, 0.4, 0.5], 2, [0.2, 0.5]],
    ["shorter than the bucket count: empty buckets are 0", [0.5, -0.7], 4, [0, 0.5, 0, 0.7]],
    ["nothing at all", [], 3, [0, 0, 0]],
    ["rounds to the thousandth", [0.12345, 0.98765], 2, [0.123, 0.988]],
  ])("%s", (_label, samples, buckets, expected) => {
    expect(computePeaks(Float32Array.from(samples), buckets)).toEqual(expected);
  });

  it("gives 200 bars by default", () => {
    expect(computePeaks(new Float32Array(8000))).toHaveLength(WAVEFORM_BUCKETS);
    expect(WAVEFORM_BUCKETS).toBe(200);
  });

  it.each([0, -1, 2.5])("refuses %s buckets", (buckets) => {
    expect(() => computePeaks(new Float32Array(4), buckets)).toThrow(RangeError);
  });
});

describe("analyzeRecording", () => {
  it("decodes a WAV, draws it and suggests a response time without its long leading silence", () => {
    const rate = 8000;
    // 4 s of silence, then 6 s of a tone whose loudness steps up each second.
    const samples = Float32Array.from({ length: 10 * rate }, (_, i) => {
      const t = i / rate;
      return t < 4 ? 0 : (0.1 + 0.1 * Math.floor(t - 4)) * Math.sin(2 * Math.PI * 300 * t);
    });
    const a = analyzeRecording(encodeWav([samples], rate, 16), 10);
    expect(a).toMatchObject({
      durationSecs: 10,
      sampleRate: 8000,
      channels: 1,
      bitsPerSample: 16,
      silence: { leadingSilenceSecs: 4, trailingSilenceSecs: 0, silent: false },
      suggestedResponseTime: { secs: 6, wholeSecs: 6, subtractedLeadingSecs: 4, subtractedTrailingSecs: 0 },
    });
    expect(a.peaks.slice(0, 4)).toEqual([0, 0, 0, 0]);
    expect(a.peaks.slice(4).map((p) => Math.round(p * 10) / 10)).toEqual([0.1, 0.2, 0.3, 0.4, 0.5, 0.6]);
  });

  it("throws WavFormatError for bytes that are not a WAV", () => {
    expect(() => analyzeRecording(new TextEncoder().encode("ID3 an mp3 file"))).toThrow(WavFormatError);
  });
});

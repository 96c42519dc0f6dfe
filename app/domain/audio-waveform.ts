import { measureSilence, suggestedResponseTime, type SilenceReport, type SuggestedResponseTime } from "./audio-silence";
import { decodeWav } from "./audio-wav";

// What a scorer sees of a recording before playing it: its shape and its blank stretches.

/** Enough bars to see words and pauses at dialog width, small enough to send as JSON. */
export const WAVEFORM_BUCKETS = 200;

/**
 * The loudest |sample| (0..1, to the thousandth) of each of `buckets` equal stretches of the
 * recording. Always `buckets` values, so a drawing needs no special case for short recordings;
 * a stretch with no samples (recording shorter than the bucket count) is 0.
 */
export function computePeaks(mono: Float32Array, buckets: number = WAVEFORM_BUCKETS): number[] {
  if (!Number.isInteger(buckets) || buckets < 1) throw new RangeError("buckets must be a positive whole number");
  const peaks = new Array<number>(buckets).fill(0);
  if (mono.length === 0) return peaks;
  for (let b = 0; b < buckets; b++) {
    const start = Math.floor((b * mono.length) / buckets);
    const end = Math.floor(((b + 1) * mono.length) / buckets);
    let peak = 0;
    for (const sample of mono.subarray(start, end)) {
      const a = Math.abs(sample);
      if (a > peak) peak = a;
    }
    peaks[b] = Math.min(1, Math.round(peak * 1000) / 1000);
  }
  return peaks;
}

export interface RecordingAnalysis {
  durationSecs: number;
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  peaks: number[];
  silence: SilenceReport;
  suggestedResponseTime: SuggestedResponseTime;
}

/** Decodes a WAV file and measures it once; throws WavFormatError for what is not 8/16-bit PCM. */
export function analyzeRecording(wav: Uint8Array, buckets: number = WAVEFORM_BUCKETS): RecordingAnalysis {
  const decoded = decodeWav(wav);
  const silence = measureSilence(decoded.mono, decoded.sampleRate);
  return {
    durationSecs: silence.durationSecs,
    sampleRate: decoded.sampleRate,
    channels: decoded.channels,
    bitsPerSample: decoded.bitsPerSample,
    peaks: computePeaks(decoded.mono, buckets),
    silence,
    suggestedResponseTime: suggestedResponseTime(silence),
  };
}

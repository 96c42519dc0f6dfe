import { BLANK_AUDIO_SECS } from "./ran";

// Blank audio at the start and end of a RAN recording (spec 001 §9: "more than 3 seconds of
// blank audio at start or end should be subtracted"). Pure: samples in, seconds out.

/** Loudness is judged over windows this long: short enough to place a word's onset within 10 ms. */
export const SILENCE_WINDOW_SECS = 0.01;
/**
 * A window is sound when its RMS reaches this (about -34 dBFS of a -1..1 signal). Room noise of a
 * quiet classroom and 8-bit quantization stay far below; a child's voice stays far above.
 */
export const SILENCE_RMS_THRESHOLD = 0.02;

export interface SilenceReport {
  durationSecs: number;
  leadingSilenceSecs: number;
  trailingSilenceSecs: number;
  /** No window reached the threshold: the whole recording counts as leading silence. */
  silent: boolean;
}

export interface SilenceOptions {
  windowSecs?: number;
  threshold?: number;
}

const ms = (secs: number) => Math.round(secs * 1000) / 1000;

/** Finds the silence before the first and after the last window whose RMS reaches the threshold. */
export function measureSilence(mono: Float32Array, sampleRate: number, options: SilenceOptions = {}): SilenceReport {
  const threshold = options.threshold ?? SILENCE_RMS_THRESHOLD;
  const window = Math.max(1, Math.round(sampleRate * (options.windowSecs ?? SILENCE_WINDOW_SECS)));
  const frames = mono.length;
  const windows = Math.ceil(frames / window);
  const loud = (w: number) => {
    const samples = mono.subarray(w * window, Math.min(frames, (w + 1) * window));
    let sum = 0;
    for (const sample of samples) sum += sample * sample;
    return Math.sqrt(sum / samples.length) >= threshold;
  };
  let first = 0;
  while (first < windows && !loud(first)) first++;
  const durationSecs = ms(frames / sampleRate);
  if (first === windows) return { durationSecs, leadingSilenceSecs: durationSecs, trailingSilenceSecs: 0, silent: true };
  let last = windows - 1;
  while (last > first && !loud(last)) last--;
  return {
    durationSecs,
    leadingSilenceSecs: ms((first * window) / sampleRate),
    trailingSilenceSecs: ms((frames - Math.min(frames, (last + 1) * window)) / sampleRate),
    silent: false,
  };
}

export interface SuggestedResponseTime {
  /** Seconds, to the hundredth. */
  secs: number;
  /** The same rounded to a whole second, as the RAN score form takes it. */
  wholeSecs: number;
  subtractedLeadingSecs: number;
  subtractedTrailingSecs: number;
}

/**
 * The response time a scorer would measure: the recording's length less the leading and the
 * trailing silence, each only when it is over `blankSecs` (3 s exactly stays in).
 */
export function suggestedResponseTime(report: SilenceReport, blankSecs: number = BLANK_AUDIO_SECS): SuggestedResponseTime {
  const lead = report.leadingSilenceSecs > blankSecs ? report.leadingSilenceSecs : 0;
  const trail = report.trailingSilenceSecs > blankSecs ? report.trailingSilenceSecs : 0;
  const secs = Math.max(0, Math.round((report.durationSecs - lead - trail) * 100) / 100);
  return { secs, wholeSecs: Math.round(secs), subtractedLeadingSecs: lead, subtractedTrailingSecs: trail };
}

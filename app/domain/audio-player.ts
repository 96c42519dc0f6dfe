import { BLANK_AUDIO_SECS } from "./ran";

// The RAN scorer's audio player (app/components/ran/RanAudioPlayer.tsx): which key does what, where
// a seek lands, and how the waveform and its blank stretches are drawn. Pure: numbers in, numbers
// and strings out; the component only reads the DOM and applies the result.

/** Speeds a scorer can listen at; 1 is the recording as made. */
export const PLAYBACK_RATES = [0.75, 1, 1.25] as const;
export type PlaybackRate = (typeof PLAYBACK_RATES)[number];

/** Arrow keys move this far; with Shift, the larger step. */
export const SEEK_STEP_SECS = 2;
export const SEEK_STEP_LARGE_SECS = 5;

/** "0.75×", "1×", "1.25×". */
export function playbackRateLabel(rate: number): string {
  return `${rate}×`;
}

// ── Keys ──────────────────────────────────────────────────────────────────────────────────────

export type PlayerAction =
  { type: "toggle-play" } | { type: "seek-by"; secs: number } | { type: "seek-to"; to: "start" | "end" } | { type: "mark-error" };

/**
 * What has focus when a key is pressed inside the player, as far as keys are concerned:
 * - typing: a text or number field, a select, an editable area: every key is the field's;
 * - button: Space (and Enter) press it, so Space is not play/pause;
 * - widget: an element with its own Space, arrows, Home and End (the native audio controls, a
 *   slider, a radio button): those keys stay its own, only the mark-error key is the player's;
 * - other: the player's group itself or anything else.
 */
export type KeyTargetKind = "typing" | "button" | "widget" | "other";

export type KeyTarget = { tagName: string; type?: string | null; role?: string | null; isContentEditable?: boolean };

const BUTTON_INPUTS = new Set(["button", "submit", "reset", "checkbox", "image", "file", "color"]);
const WIDGET_INPUTS = new Set(["range", "radio"]);
const BUTTON_ROLES = new Set(["button", "checkbox", "switch", "link", "menuitem", "tab", "option"]);
const WIDGET_ROLES = new Set(["slider", "radio", "spinbutton", "scrollbar", "listbox", "menu", "tablist"]);
const TYPING_ROLES = new Set(["textbox", "searchbox", "combobox"]);

export function keyTargetKind(target: KeyTarget): KeyTargetKind {
  if (target.isContentEditable) return "typing";
  const tag = target.tagName.toLowerCase();
  const role = (target.role ?? "").toLowerCase();
  if (tag === "textarea" || tag === "select" || TYPING_ROLES.has(role)) return "typing";
  if (tag === "input") {
    const type = (target.type ?? "text").toLowerCase();
    if (BUTTON_INPUTS.has(type)) return "button";
    if (WIDGET_INPUTS.has(type)) return "widget";
    return "typing"; // text, number, search, email, date…, and types a browser does not know
  }
  if (tag === "button" || tag === "a" || tag === "summary" || BUTTON_ROLES.has(role)) return "button";
  if (tag === "audio" || tag === "video" || WIDGET_ROLES.has(role)) return "widget";
  return "other";
}

export type PlayerKey = {
  key: string;
  shiftKey?: boolean;
  ctrlKey?: boolean;
  altKey?: boolean;
  metaKey?: boolean;
  /** The key is held down and repeating. */
  repeat?: boolean;
};

export type PlayerKeyOptions = { target: KeyTargetKind; canMarkError: boolean };

/**
 * The player's keys: Space play/pause, ←/→ seek 2 s (Shift: 5 s), Home/End start/end, E mark
 * an error. Null leaves the key to the browser: with Ctrl, Alt or Meta (its shortcuts), in a
 * field, Space on a button, a widget's own keys; a held Space or E acts once, not per repeat.
 */
export function playerKeyAction(event: PlayerKey, options: PlayerKeyOptions): PlayerAction | null {
  if (event.ctrlKey || event.altKey || event.metaKey) return null;
  const { target } = options;
  if (target === "typing") return null;
  const ownKeys = target === "widget";
  switch (event.key) {
    case " ":
    case "Spacebar":
      return target === "button" || ownKeys || event.repeat ? null : { type: "toggle-play" };
    case "ArrowLeft":
    case "ArrowRight": {
      if (ownKeys) return null;
      const step = event.shiftKey ? SEEK_STEP_LARGE_SECS : SEEK_STEP_SECS;
      return { type: "seek-by", secs: event.key === "ArrowLeft" ? -step : step };
    }
    case "Home":
      return ownKeys ? null : { type: "seek-to", to: "start" };
    case "End":
      return ownKeys ? null : { type: "seek-to", to: "end" };
    case "e":
    case "E":
      return options.canMarkError && !event.repeat ? { type: "mark-error" } : null;
    default:
      return null;
  }
}

/** The short key help shown under the player. */
export function keyHelpText(canMarkError: boolean): string {
  return ["Space play/pause", "←/→ seek", ...(canMarkError ? ["E mark error"] : [])].join(" · ");
}

// ── Time ──────────────────────────────────────────────────────────────────────────────────────

/** A usable duration: the element's until metadata has loaded is NaN (or Infinity for a stream). */
export function knownDuration(...candidates: Array<number | null | undefined>): number | null {
  for (const d of candidates) if (typeof d === "number" && Number.isFinite(d) && d > 0) return d;
  return null;
}

/** Keeps a time within the recording: from 0 to its duration, or from 0 up when the duration is not known. */
export function clampTime(secs: number, duration: number | null): number {
  if (Number.isNaN(secs) || secs <= 0) return 0;
  if (duration === null) return Number.isFinite(secs) ? secs : 0;
  return Math.min(secs, duration);
}

/** Where a seek action lands, or null when it cannot (End before the duration is known). */
export function seekTarget(action: PlayerAction, currentSecs: number, duration: number | null): number | null {
  switch (action.type) {
    case "seek-by":
      return clampTime((Number.isFinite(currentSecs) ? currentSecs : 0) + action.secs, duration);
    case "seek-to":
      return action.to === "start" ? 0 : duration;
    default:
      return null;
  }
}

/** The time under a point of the waveform, from its fraction (0 at the left, 1 at the right) of the width. */
export function timeAtFraction(fraction: number, duration: number): number {
  if (!Number.isFinite(fraction) || !(duration > 0)) return 0;
  return Math.min(1, Math.max(0, fraction)) * duration;
}

/** "4.5 s": seconds to a tenth, as the waveform's caption says them. */
export function formatSecs(secs: number): string {
  return `${(Math.round(secs * 10) / 10).toFixed(1)} s`;
}

// ── Waveform drawing ──────────────────────────────────────────────────────────────────────────

/** The waveform's SVG coordinate space; the SVG stretches it to the width it is given. */
export const WAVE_WIDTH = 1000;
export const WAVE_HEIGHT = 100;
/** Bars never shorter than this, so a silent stretch still shows as a line. */
const MIN_HALF_BAR = 0.75;
const round1 = (n: number) => Math.round(n * 10) / 10;

/** The x of a time on the waveform (for the playhead): 0 at the start, the width at the end. */
export function timeToX(secs: number, duration: number, width: number = WAVE_WIDTH): number {
  if (!(duration > 0) || !Number.isFinite(secs)) return 0;
  return round1(Math.min(1, Math.max(0, secs / duration)) * width);
}

/** Width of each peak's bar, as a stroke width: a little narrower than its slot, so bars stay apart. */
export function waveformBarWidth(count: number, width: number = WAVE_WIDTH): number {
  return count > 0 ? round1((width / count) * 0.7) : 0;
}

/**
 * One SVG path of vertical bars, one per peak (0..1), centred on the middle line: drawn with a
 * stroke of waveformBarWidth. Values outside 0..1 (or not numbers) are clamped; no peaks, no path.
 */
export function waveformPath(peaks: readonly number[], width: number = WAVE_WIDTH, height: number = WAVE_HEIGHT): string {
  if (peaks.length === 0) return "";
  const slot = width / peaks.length;
  const mid = height / 2;
  const maxHalf = mid * 0.92;
  return peaks
    .map((p, i) => {
      const amp = Number.isFinite(p) ? Math.min(1, Math.max(0, p)) : 0;
      const half = Math.max(MIN_HALF_BAR, amp * maxHalf);
      return `M${round1(slot * (i + 0.5))} ${round1(mid - half)}V${round1(mid + half)}`;
    })
    .join("");
}

export type SilenceEdge = "start" | "end";
export type SilenceRegion = { edge: SilenceEdge; secs: number; x: number; width: number };

export type SilenceInput = { durationSecs: number; leadingSilenceSecs: number; trailingSilenceSecs: number };

/**
 * The blank stretches at the start and end longer than `blankSecs` (3 s exactly stays in, as in
 * suggestedResponseTime): the silence the suggested response time leaves out, as rectangles over
 * the waveform. A stretch is clipped to the recording; a silent recording is one stretch at the start.
 */
export function silenceRegions(wave: SilenceInput, width: number = WAVE_WIDTH, blankSecs: number = BLANK_AUDIO_SECS): SilenceRegion[] {
  const duration = wave.durationSecs;
  if (!(duration > 0)) return [];
  const x = (secs: number) => round1((Math.min(Math.max(secs, 0), duration) / duration) * width);
  const regions: SilenceRegion[] = [];
  const lead = Math.min(wave.leadingSilenceSecs, duration);
  if (lead > blankSecs) regions.push({ edge: "start", secs: lead, x: 0, width: x(lead) });
  const trail = Math.min(wave.trailingSilenceSecs, duration - Math.max(lead, 0));
  if (trail > blankSecs) {
    const start = x(duration - trail);
    regions.push({ edge: "end", secs: trail, x: start, width: round1(width - start) });
  }
  return regions;
}

/** The words under the waveform: what is shaded, or that nothing is. */
export function silenceCaption(regions: readonly SilenceRegion[], blankSecs: number = BLANK_AUDIO_SECS): string {
  if (regions.length === 0) return `No silence over ${blankSecs} s at the start or end.`;
  const parts = regions.map((r) => `${formatSecs(r.secs)} at the ${r.edge}`);
  return `Shaded: silence the suggestion leaves out (${parts.join(" and ")}).`;
}

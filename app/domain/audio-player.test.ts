import { describe, expect, it } from "vitest";
import {
  clampTime,
  formatSecs,
  keyHelpText,
  keyTargetKind,
  knownDuration,
  PLAYBACK_RATES,
  playbackRateLabel,
  playerKeyAction,
  seekTarget,
  silenceCaption,
  silenceRegions,
  timeAtFraction,
  timeToX,
  waveformBarWidth,
  waveformPath,
  type KeyTarget,
  type KeyTargetKind,
  type PlayerAction,
  type PlayerKey,
  type SilenceInput,
  type SilenceRegion,
} from "./audio-player";

describe("keyTargetKind", () => {
  it.each<[KeyTarget, KeyTargetKind]>([
    [{ tagName: "DIV" }, "other"],
    [{ tagName: "svg" }, "other"],
    [{ tagName: "INPUT" }, "typing"],
    [{ tagName: "INPUT", type: "text" }, "typing"],
    [{ tagName: "INPUT", type: "number" }, "typing"],
    [{ tagName: "INPUT", type: "search" }, "typing"],
    [{ tagName: "INPUT", type: "date" }, "typing"],
    [{ tagName: "INPUT", type: "Number" }, "typing"],
    [{ tagName: "TEXTAREA" }, "typing"],
    [{ tagName: "SELECT" }, "typing"],
    [{ tagName: "DIV", isContentEditable: true }, "typing"],
    [{ tagName: "DIV", role: "textbox" }, "typing"],
    [{ tagName: "DIV", role: "combobox" }, "typing"],
    [{ tagName: "BUTTON" }, "button"],
    [{ tagName: "A" }, "button"],
    [{ tagName: "SUMMARY" }, "button"],
    [{ tagName: "INPUT", type: "checkbox" }, "button"],
    [{ tagName: "INPUT", type: "submit" }, "button"],
    [{ tagName: "DIV", role: "button" }, "button"],
    [{ tagName: "INPUT", type: "range" }, "widget"],
    [{ tagName: "INPUT", type: "radio" }, "widget"],
    [{ tagName: "AUDIO" }, "widget"],
    [{ tagName: "DIV", role: "slider" }, "widget"],
    [{ tagName: "DIV", role: "radio" }, "widget"],
  ])("%j is %s", (target, kind) => {
    expect(keyTargetKind(target)).toBe(kind);
  });
});

describe("playerKeyAction", () => {
  const toggle: PlayerAction = { type: "toggle-play" };
  const by = (secs: number): PlayerAction => ({ type: "seek-by", secs });
  const to = (where: "start" | "end"): PlayerAction => ({ type: "seek-to", to: where });
  const mark: PlayerAction = { type: "mark-error" };

  it.each<[string, PlayerKey, KeyTargetKind, boolean, PlayerAction | null]>([
    ["Space on the group", { key: " " }, "other", true, toggle],
    ["old Spacebar name", { key: "Spacebar" }, "other", true, toggle],
    ["Space held down", { key: " ", repeat: true }, "other", true, null],
    ["Space on a button presses it", { key: " " }, "button", true, null],
    ["Space on the native controls is theirs", { key: " " }, "widget", true, null],
    ["Space in a number field", { key: " " }, "typing", true, null],
    ["ArrowLeft", { key: "ArrowLeft" }, "other", true, by(-2)],
    ["ArrowRight", { key: "ArrowRight" }, "other", true, by(2)],
    ["Shift+ArrowLeft", { key: "ArrowLeft", shiftKey: true }, "other", true, by(-5)],
    ["Shift+ArrowRight", { key: "ArrowRight", shiftKey: true }, "other", true, by(5)],
    ["held arrow keeps seeking", { key: "ArrowRight", repeat: true }, "other", true, by(2)],
    ["arrow on a speed button", { key: "ArrowRight" }, "button", true, by(2)],
    ["arrow on the native controls is theirs", { key: "ArrowRight" }, "widget", true, null],
    ["arrow in a text field", { key: "ArrowLeft" }, "typing", true, null],
    ["Home", { key: "Home" }, "other", true, to("start")],
    ["End", { key: "End" }, "button", true, to("end")],
    ["Home on a slider", { key: "Home" }, "widget", true, null],
    ["End in a field", { key: "End" }, "typing", true, null],
    ["e", { key: "e" }, "other", true, mark],
    ["E (Caps Lock or Shift)", { key: "E", shiftKey: true }, "other", true, mark],
    ["e on a button", { key: "e" }, "button", true, mark],
    ["e on the native controls", { key: "e" }, "widget", true, mark],
    ["e held down marks once", { key: "e", repeat: true }, "other", true, null],
    ["e typed in a field", { key: "e" }, "typing", true, null],
    ["e with nothing to mark", { key: "e" }, "other", false, null],
    ["Ctrl+ArrowLeft is the browser's", { key: "ArrowLeft", ctrlKey: true }, "other", true, null],
    ["Alt+ArrowLeft (history back)", { key: "ArrowLeft", altKey: true }, "other", true, null],
    ["Meta+e", { key: "e", metaKey: true }, "other", true, null],
    ["Ctrl+Space", { key: " ", ctrlKey: true }, "other", true, null],
    ["Enter is not the player's", { key: "Enter" }, "other", true, null],
    ["Tab moves focus", { key: "Tab" }, "other", true, null],
    ["other letters", { key: "k" }, "other", true, null],
  ])("%s", (_name, key, target, canMarkError, action) => {
    expect(playerKeyAction(key, { target, canMarkError })).toEqual(action);
  });
});

describe("keyHelpText", () => {
  it.each<[boolean, string]>([
    [true, "Space play/pause · ←/→ seek · E mark error"],
    [false, "Space play/pause · ←/→ seek"],
  ])("can mark errors: %s", (canMark, text) => {
    expect(keyHelpText(canMark)).toBe(text);
  });
});

describe("playback rates", () => {
  it("are 0.75×, 1× and 1.25×", () => {
    expect(PLAYBACK_RATES.map(playbackRateLabel)).toEqual(["0.75×", "1×", "1.25×"]);
  });
});

describe("knownDuration", () => {
  it.each<[Array<number | null | undefined>, number | null]>([
    [[12.5], 12.5],
    [[Number.NaN, 12.5], 12.5],
    [[Infinity, 9], 9],
    [[0, 9], 9],
    [[undefined, null, 3], 3],
    [[Number.NaN], null],
    [[], null],
    [[-1], null],
  ])("%j → %s", (candidates, duration) => {
    expect(knownDuration(...candidates)).toBe(duration);
  });
});

describe("clampTime", () => {
  it.each<[number, number | null, number]>([
    [5, 10, 5],
    [-1, 10, 0],
    [0, 10, 0],
    [12, 10, 10],
    [10, 10, 10],
    [Number.NaN, 10, 0],
    [Infinity, 10, 10],
    [-Infinity, 10, 0],
    [30, null, 30],
    [-3, null, 0],
    [Infinity, null, 0],
  ])("%s within %s → %s", (secs, duration, clamped) => {
    expect(clampTime(secs, duration)).toBe(clamped);
  });
});

describe("seekTarget", () => {
  it.each<[PlayerAction, number, number | null, number | null]>([
    [{ type: "seek-by", secs: 2 }, 3, 10, 5],
    [{ type: "seek-by", secs: -2 }, 3, 10, 1],
    [{ type: "seek-by", secs: -5 }, 3, 10, 0],
    [{ type: "seek-by", secs: 5 }, 8, 10, 10],
    [{ type: "seek-by", secs: 2 }, 9.5, 10, 10],
    [{ type: "seek-by", secs: 2 }, 3, null, 5],
    [{ type: "seek-by", secs: 2 }, Number.NaN, 10, 2],
    [{ type: "seek-to", to: "start" }, 7, 10, 0],
    [{ type: "seek-to", to: "end" }, 7, 10, 10],
    [{ type: "seek-to", to: "end" }, 7, null, null],
    [{ type: "seek-to", to: "start" }, 7, null, 0],
    [{ type: "toggle-play" }, 7, 10, null],
    [{ type: "mark-error" }, 7, 10, null],
  ])("%j from %s of %s → %s", (action, current, duration, target) => {
    expect(seekTarget(action, current, duration)).toBe(target);
  });
});

describe("timeAtFraction", () => {
  it.each<[number, number, number]>([
    [0, 10, 0],
    [0.5, 10, 5],
    [1, 10, 10],
    [-0.2, 10, 0],
    [1.3, 10, 10],
    [0.5, 0, 0],
    [Number.NaN, 10, 0],
    [0.25, Number.NaN, 0],
  ])("%s of %s s → %s", (fraction, duration, secs) => {
    expect(timeAtFraction(fraction, duration)).toBe(secs);
  });
});

describe("timeToX", () => {
  it.each<[number, number, number, number]>([
    [0, 10, 1000, 0],
    [5, 10, 1000, 500],
    [10, 10, 1000, 1000],
    [12, 10, 1000, 1000],
    [-1, 10, 1000, 0],
    [1, 3, 1000, 333.3],
    [5, 0, 1000, 0],
    [5, Number.NaN, 1000, 0],
    [Number.NaN, 10, 1000, 0],
    [2.5, 10, 200, 50],
  ])("%s s of %s on %s → x %s", (secs, duration, width, x) => {
    expect(timeToX(secs, duration, width)).toBe(x);
  });
});

describe("formatSecs", () => {
  it.each<[number, string]>([
    [4.5, "4.5 s"],
    [4, "4.0 s"],
    [3.04, "3.0 s"],
    [3.06, "3.1 s"],
    [12.345, "12.3 s"],
  ])("%s → %s", (secs, text) => {
    expect(formatSecs(secs)).toBe(text);
  });
});

describe("waveformPath", () => {
  it("draws one bar per peak, centred, the loudest nearly full height", () => {
    expect(waveformPath([0, 1, 0.5, 0.25], 100, 100)).toBe("M12.5 49.3V50.8M37.5 4V96M62.5 27V73M87.5 38.5V61.5");
  });
  it.each<[string, number[], string]>([
    ["no peaks draw nothing", [], ""],
    ["silence is a thin line", [0], "M50 49.3V50.8"],
    ["over 1 is clamped", [1.7], "M50 4V96"],
    ["below 0 is clamped", [-0.5], "M50 49.3V50.8"],
    ["not a number is silence", [Number.NaN], "M50 49.3V50.8"],
  ])("%s", (_name, peaks, path) => {
    expect(waveformPath(peaks, 100, 100)).toBe(path);
  });
  it("has 200 bars for the server's 200 peaks, all within the box", () => {
    const peaks = Array.from({ length: 200 }, (_, i) => (i % 7) / 6);
    const path = waveformPath(peaks);
    const bars = [...path.matchAll(/M([\d.]+) ([\d.]+)V([\d.]+)/g)];
    expect(bars).toHaveLength(200);
    for (const [, x, top, bottom] of bars) {
      expect(Number(x)).toBeGreaterThan(0);
      expect(Number(x)).toBeLessThan(1000);
      expect(Number(top)).toBeGreaterThanOrEqual(0);
      expect(Number(bottom)).toBeLessThanOrEqual(100);
      expect(Number(top)).toBeLessThan(Number(bottom));
    }
    expect(waveformBarWidth(200)).toBe(3.5);
    expect(waveformBarWidth(0)).toBe(0);
  });
});

describe("silenceRegions", () => {
  const wave = (durationSecs: number, leadingSilenceSecs: number, trailingSilenceSecs: number): SilenceInput => ({
    durationSecs,
    leadingSilenceSecs,
    trailingSilenceSecs,
  });
  it.each<[string, SilenceInput, SilenceRegion[]]>([
    ["no long silence", wave(10, 0.5, 0.5), []],
    ["exactly 3 s stays in", wave(10, 3, 3), []],
    ["leading over 3 s", wave(10, 4.5, 0.5), [{ edge: "start", secs: 4.5, x: 0, width: 450 }]],
    ["trailing over 3 s", wave(10, 0.5, 4), [{ edge: "end", secs: 4, x: 600, width: 400 }]],
    [
      "both",
      wave(20, 3.5, 5),
      [
        { edge: "start", secs: 3.5, x: 0, width: 175 },
        { edge: "end", secs: 5, x: 750, width: 250 },
      ],
    ],
    ["a silent recording is all leading silence", wave(8, 8, 0), [{ edge: "start", secs: 8, x: 0, width: 1000 }]],
    ["silence longer than the recording is clipped", wave(8, 9, 0), [{ edge: "start", secs: 8, x: 0, width: 1000 }]],
    ["no duration, nothing to draw", wave(0, 4, 4), []],
    ["duration not a number", wave(Number.NaN, 4, 4), []],
    ["3.01 s is over", wave(10, 3.01, 0), [{ edge: "start", secs: 3.01, x: 0, width: 301 }]],
  ])("%s", (_name, input, regions) => {
    expect(silenceRegions(input, 1000)).toEqual(regions);
  });
  it("the trailing region never overlaps the leading one", () => {
    const [lead, trail] = silenceRegions(wave(10, 6, 6), 1000);
    expect(lead).toEqual({ edge: "start", secs: 6, x: 0, width: 600 });
    expect(trail).toEqual({ edge: "end", secs: 4, x: 600, width: 400 });
  });
});

describe("silenceCaption", () => {
  it.each<[SilenceRegion[], string]>([
    [[], "No silence over 3 s at the start or end."],
    [[{ edge: "start", secs: 4.5, x: 0, width: 450 }], "Shaded: silence the suggestion leaves out (4.5 s at the start)."],
    [[{ edge: "end", secs: 4, x: 600, width: 400 }], "Shaded: silence the suggestion leaves out (4.0 s at the end)."],
    [
      [
        { edge: "start", secs: 3.5, x: 0, width: 175 },
        { edge: "end", secs: 5.04, x: 750, width: 250 },
      ],
      "Shaded: silence the suggestion leaves out (3.5 s at the start and 5.0 s at the end).",
    ],
  ])("%j", (regions, text) => {
    expect(silenceCaption(regions)).toBe(text);
  });
});

import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RanAudioPlayer, type RanAudioPlayerProps, type RanWaveform } from "./RanAudioPlayer";

// What the server sends before any script runs: the player must work from this markup alone.

const SRC = "/api/participantTest/getAudioFile?fileName=a_b_letter-ran_test_1.wav&token=t.k";

function peaks(): number[] {
  return Array.from({ length: 200 }, (_, i) => (i < 40 ? 0.01 : 0.2 + (i % 5) / 10));
}
const wave = (leadingSilenceSecs: number, trailingSilenceSecs: number): RanWaveform => ({
  peaks: peaks(),
  durationSecs: 14,
  leadingSilenceSecs,
  trailingSilenceSecs,
});

const render = (props: Partial<RanAudioPlayerProps> = {}) =>
  renderToStaticMarkup(
    createElement(RanAudioPlayer, {
      id: "test-rec",
      label: "Test recording",
      src: SRC,
      waveform: wave(0.5, 0.5),
      onMarkError: () => {},
      ...props,
    }),
  );
const count = (html: string, pattern: RegExp) => html.match(new RegExp(pattern, "g"))?.length ?? 0;

describe("RanAudioPlayer on the server", () => {
  it("is a named group around a native audio element that loads metadata only", () => {
    const html = render();
    expect(html).toMatch(/^<div id="test-rec" class="ran-player" role="group" aria-label="Test recording">/);
    expect(html).toContain(
      `<audio id="test-rec-audio" class="ran-player__audio" controls="" preload="metadata" src="${SRC.replace("&", "&amp;")}" aria-label="Test recording">`,
    );
    expect(html).toContain(`<a href="${SRC.replace("&", "&amp;")}">Download the recording</a>`);
    // Focus and key help come with the script that makes the keys work.
    expect(html).not.toContain("tabindex");
  });

  it("draws the waveform as an SVG path of one bar per peak", () => {
    const html = render();
    expect(count(html, /<svg /)).toBe(1);
    expect(html).toMatch(/<svg class="ran-wave" viewBox="0 0 1000 100" preserveAspectRatio="none" aria-hidden="true"/);
    const d = /<path class="ran-wave__bars" d="([^"]+)" stroke-width="3.5"/.exec(html)?.[1];
    expect(d).toBeDefined();
    expect(count(d!, /M[\d.]+ [\d.]+V[\d.]+/)).toBe(200);
    // The playhead needs the script; without it there is no line that would never move.
    expect(html).not.toContain("ran-wave__playhead");
  });

  it.each<[string, RanWaveform, string[], string]>([
    ["no long silence", wave(0.5, 0.5), [], "No silence over 3 s at the start or end."],
    ["exactly 3 s at each end", wave(3, 3), [], "No silence over 3 s at the start or end."],
    ["4.5 s at the start", wave(4.5, 0.5), ["start"], "Shaded: silence the suggestion leaves out (4.5 s at the start)."],
    ["4 s at the end", wave(0.5, 4), ["end"], "Shaded: silence the suggestion leaves out (4.0 s at the end)."],
    ["both ends", wave(3.5, 3.2), ["start", "end"], "Shaded: silence the suggestion leaves out (3.5 s at the start and 3.2 s at the end)."],
  ])("shades silence over 3 s only: %s", (_name, waveform, edges, caption) => {
    const html = render({ waveform });
    const shaded = [...html.matchAll(/<rect class="ran-wave__silence ran-wave__silence--(start|end)"/g)].map((m) => m[1]);
    expect(shaded).toEqual(edges);
    expect(html).toContain(`${caption}</p>`);
    expect(html.includes("ran-player__swatch")).toBe(edges.length > 0);
  });

  it("places the leading region from the left edge and the trailing one up to the right edge", () => {
    const html = render({ waveform: wave(3.5, 7) });
    expect(html).toContain('<rect class="ran-wave__silence ran-wave__silence--start" x="0" y="0" width="250" height="100">');
    expect(html).toContain('<rect class="ran-wave__silence ran-wave__silence--end" x="500" y="0" width="500" height="100">');
  });

  it("keeps the player without a waveform", () => {
    const html = render({ waveform: null });
    expect(html).toContain('<audio id="test-rec-audio"');
    expect(html).not.toContain("<svg");
    expect(html).not.toContain("silence");
  });

  it("renders the speed buttons, 1× pressed, hidden until the script can act on them", () => {
    const html = render();
    const controls = /<div class="ran-player__controls" hidden="">(.*?)<\/div><p class="visually-hidden"/.exec(html)?.[1] ?? "";
    expect(controls).toContain('<div class="ran-player__speeds" role="group" aria-label="Playback speed">');
    const buttons = [
      ...controls.matchAll(/<button type="button" class="button ran-player__speed" aria-pressed="(true|false)">([^<]+)<\/button>/g),
    ];
    expect(buttons.map((b) => [b[2], b[1]])).toEqual([
      ["0.75×", "false"],
      ["1×", "true"],
      ["1.25×", "false"],
    ]);
    expect(controls).toContain('<p id="test-rec-keys" class="ran-player__keys">Space play/pause · ←/→ seek · E mark error</p>');
  });

  it("leaves the mark-error key out of the help when nothing takes the mark", () => {
    const html = render({ onMarkError: undefined });
    expect(html).toContain(">Space play/pause · ←/→ seek</p>");
    expect(html).not.toContain("mark error");
  });

  it("has a polite live region for 'Error marked', empty at first", () => {
    expect(render()).toContain('<p class="visually-hidden" aria-live="polite"></p></div>');
  });

  it("prefixes its ids with the id given, so two players can share a page", () => {
    const html = render({ id: "practice-rec", label: "Practice recording" }) + render();
    expect(count(html, /id="practice-rec/)).toBe(4);
    expect(count(html, /id="test-rec/)).toBe(4);
    expect(html).toContain('aria-label="Practice recording"');
  });
});

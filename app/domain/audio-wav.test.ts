import { describe, expect, it } from "vitest";
import { decodeWav, encodeWav, WavFormatError, type PcmBits } from "./audio-wav";
import { itemAt } from "./presence";

const ramp = (n: number, scale = 1) => Float32Array.from({ length: n }, (_, i) => (((i % 16) - 8) / 8) * scale);

describe("encodeWav then decodeWav", () => {
  it.each<[string, number, PcmBits, number]>([
    ["8-bit mono", 1, 8, 1 / 128],
    ["16-bit mono", 1, 16, 1 / 32768],
    ["8-bit stereo", 2, 8, 1 / 128],
    ["16-bit stereo", 2, 16, 1 / 32768],
  ])("%s keeps the samples within one step", (_label, channels, bits, step) => {
    const left = ramp(800, 0.9);
    const right = ramp(800, -0.5);
    const wav = encodeWav(channels === 1 ? [left] : [left, right], 8000, bits);
    const d = decodeWav(wav);
    expect(d).toMatchObject({ sampleRate: 8000, channels, bitsPerSample: bits, frames: 800, durationSecs: 0.1 });
    for (const [i, got] of d.mono.entries()) {
      const expected = channels === 1 ? itemAt(left, i) : (itemAt(left, i) + itemAt(right, i)) / 2;
      expect(Math.abs(got - expected)).toBeLessThanOrEqual(step);
    }
  });

  it("writes the header a player expects", () => {
    const wav = encodeWav([new Float32Array(10)], 16000, 16);
    const view = new DataView(wav.buffer);
    expect(new TextDecoder().decode(wav.slice(0, 4))).toBe("RIFF");
    expect(view.getUint32(4, true)).toBe(wav.length - 8);
    expect(view.getUint32(28, true)).toBe(32000); // byte rate
    expect(view.getUint32(40, true)).toBe(20); // data bytes
    expect(wav.length).toBe(64);
  });

  it("clips samples outside -1..1", () => {
    const d = decodeWav(encodeWav([Float32Array.from([2, -2, 0])], 8000, 16));
    expect([...d.mono].map((x) => Math.round(x * 1000) / 1000)).toEqual([1, -1, 0]);
  });
});

/** A WAV assembled by hand, for layouts encodeWav never writes. */
function riff(chunks: [string, Uint8Array][], declaredDataSize?: number) {
  const parts: number[] = [];
  for (const [id, body] of chunks) {
    const size = id === "data" && declaredDataSize !== undefined ? declaredDataSize : body.length;
    parts.push(...[...id].map((c) => c.charCodeAt(0)), size & 255, (size >> 8) & 255, (size >> 16) & 255, (size >>> 24) & 255, ...body);
    if (body.length % 2 && !(id === "data" && declaredDataSize !== undefined)) parts.push(0); // a truncated stream has no pad
  }
  const total = 4 + parts.length;
  return Uint8Array.from([82, 73, 70, 70, total & 255, (total >> 8) & 255, 0, 0, 87, 65, 86, 69, ...parts]);
}

function fmt(tag: number, channels: number, rate: number, bits: number, extra: number[] = []) {
  const b = new Uint8Array(16 + extra.length);
  const v = new DataView(b.buffer);
  v.setUint16(0, tag, true);
  v.setUint16(2, channels, true);
  v.setUint32(4, rate, true);
  v.setUint32(8, (rate * channels * bits) / 8, true);
  v.setUint16(12, (channels * bits) / 8, true);
  v.setUint16(14, bits, true);
  b.set(extra, 16);
  return b;
}

describe("decodeWav on other layouts", () => {
  it("skips chunks it does not know, including an odd-sized one and its pad byte", () => {
    const d = decodeWav(
      riff([
        ["LIST", Uint8Array.from([1, 2, 3])],
        ["fmt ", fmt(1, 1, 8000, 8)],
        ["data", Uint8Array.from([128, 255, 0])],
      ]),
    );
    expect(d.frames).toBe(3);
    expect([...d.mono]).toEqual([0, 127 / 128, -1]);
  });

  it("reads WAVE_FORMAT_EXTENSIBLE holding PCM", () => {
    const extensible = [22, 0, 16, 0, 4, 0, 0, 0, 1, 0, 0, 0, 0, 0, 16, 0, 128, 0, 0, 170, 0, 56, 155, 113];
    const d = decodeWav(
      riff([
        ["fmt ", fmt(0xfffe, 1, 8000, 16, extensible)],
        ["data", Uint8Array.from([0, 64])],
      ]),
    );
    expect(d.mono[0]).toBe(0.5);
  });

  it("reads a data chunk whose size runs past the end up to the last whole frame", () => {
    const d = decodeWav(
      riff(
        [
          ["fmt ", fmt(1, 1, 8000, 16)],
          ["data", Uint8Array.from([0, 64, 0, 192, 7])],
        ],
        0xffffffff,
      ),
    );
    expect(d.frames).toBe(2);
    expect([...d.mono]).toEqual([0.5, -0.5]);
  });

  it.each<[string, Uint8Array, RegExp]>([
    ["not RIFF", new TextEncoder().encode("OggS and more bytes"), /RIFF/],
    ["no fmt chunk", riff([["data", new Uint8Array(4)]]), /fmt/],
    ["no data chunk", riff([["fmt ", fmt(1, 1, 8000, 16)]]), /data/],
    [
      "compressed (mu-law)",
      riff([
        ["fmt ", fmt(7, 1, 8000, 8)],
        ["data", new Uint8Array(4)],
      ]),
      /encoding 7/,
    ],
    [
      "24-bit",
      riff([
        ["fmt ", fmt(1, 1, 8000, 24)],
        ["data", new Uint8Array(6)],
      ]),
      /24 bits/,
    ],
    [
      "six channels",
      riff([
        ["fmt ", fmt(1, 6, 8000, 16)],
        ["data", new Uint8Array(12)],
      ]),
      /channel count 6/,
    ],
  ])("refuses %s", (_label, bytes, message) => {
    expect(() => decodeWav(bytes)).toThrow(WavFormatError);
    expect(() => decodeWav(bytes)).toThrow(message);
  });
});

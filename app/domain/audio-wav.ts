// WAV (RIFF, linear PCM) reading and writing for RAN recordings. Pure: bytes in, samples out.

export type PcmBits = 8 | 16;

export interface DecodedWav {
  sampleRate: number;
  channels: number;
  bitsPerSample: PcmBits;
  /** Sample frames (one sample per channel each). */
  frames: number;
  durationSecs: number;
  /** The channels mixed down to one, each sample in -1..1. */
  mono: Float32Array;
}

export class WavFormatError extends Error {}

const WAVE_FORMAT_PCM = 1;
const WAVE_FORMAT_EXTENSIBLE = 0xfffe;

const ascii = (bytes: Uint8Array, at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));

/**
 * Decodes 8-bit (unsigned) or 16-bit (signed, little-endian) PCM in mono or stereo, the formats
 * recorders and our own seed recordings write. Chunks other than 'fmt ' and 'data' are skipped.
 * A data chunk whose declared size runs past the end (a recorder that streamed and never went
 * back to fix the header) is read up to the last whole frame there is.
 */
export function decodeWav(input: Uint8Array): DecodedWav {
  const bytes = input;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 12 || ascii(bytes, 0) !== "RIFF" || ascii(bytes, 8) !== "WAVE") throw new WavFormatError("Not a RIFF/WAVE file");

  let format: { channels: number; sampleRate: number; bitsPerSample: number } | null = null;
  let data: { start: number; length: number } | null = null;
  let at = 12;
  while (at + 8 <= bytes.length && !data) {
    const id = ascii(bytes, at);
    const size = view.getUint32(at + 4, true);
    const body = at + 8;
    if (id === "fmt ") {
      if (size < 16 || body + 16 > bytes.length) throw new WavFormatError("Short fmt chunk");
      let tag = view.getUint16(body, true);
      // WAVE_FORMAT_EXTENSIBLE names the real format in the first two bytes of its sub-format GUID.
      if (tag === WAVE_FORMAT_EXTENSIBLE && size >= 40 && body + 26 <= bytes.length) tag = view.getUint16(body + 24, true);
      if (tag !== WAVE_FORMAT_PCM) throw new WavFormatError(`Unsupported WAV encoding ${tag}: only linear PCM`);
      format = {
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        bitsPerSample: view.getUint16(body + 14, true),
      };
    } else if (id === "data") {
      data = { start: body, length: Math.min(size, bytes.length - body) };
    }
    at = body + size + (size % 2); // chunks are padded to an even length
  }
  if (!format) throw new WavFormatError("No fmt chunk");
  if (!data) throw new WavFormatError("No data chunk");
  const { channels, sampleRate, bitsPerSample } = format;
  if (bitsPerSample !== 8 && bitsPerSample !== 16) throw new WavFormatError(`Unsupported sample size ${bitsPerSample} bits: only 8 or 16`);
  if (channels < 1 || channels > 2) throw new WavFormatError(`Unsupported channel count ${channels}: only mono or stereo`);
  if (sampleRate < 1) throw new WavFormatError("Sample rate must be positive");

  const bytesPerSample = bitsPerSample / 8;
  const frames = Math.floor(data.length / (bytesPerSample * channels));
  const mono = new Float32Array(frames);
  for (let f = 0; f < frames; f++) {
    let sum = 0;
    for (let ch = 0; ch < channels; ch++) {
      const offset = data.start + (f * channels + ch) * bytesPerSample;
      sum += bitsPerSample === 8 ? (view.getUint8(offset) - 128) / 128 : view.getInt16(offset, true) / 32768;
    }
    mono[f] = sum / channels;
  }
  return { sampleRate, channels, bitsPerSample, frames, durationSecs: frames / sampleRate, mono };
}

/**
 * Encodes samples (-1..1, clipped) as PCM WAV. `channels` holds one array per channel, all the
 * same length. Used to build recordings with known content in tests.
 */
export function encodeWav(channels: readonly Float32Array[], sampleRate: number, bitsPerSample: PcmBits): Uint8Array {
  const [firstChannel] = channels;
  if (!firstChannel || channels.length > 2) throw new RangeError("One or two channels");
  const frames = firstChannel.length;
  if (channels.some((c) => c.length !== frames)) throw new RangeError("Channels differ in length");
  const bytesPerSample = bitsPerSample / 8;
  const dataLength = frames * channels.length * bytesPerSample;
  const out = new Uint8Array(44 + dataLength + (dataLength % 2));
  const view = new DataView(out.buffer);
  const write = (at: number, text: string) => [...text].forEach((ch, i) => (out[at + i] = ch.charCodeAt(0)));
  write(0, "RIFF");
  view.setUint32(4, out.length - 8, true);
  write(8, "WAVE");
  write(12, "fmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, WAVE_FORMAT_PCM, true);
  view.setUint16(22, channels.length, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * channels.length * bytesPerSample, true);
  view.setUint16(32, channels.length * bytesPerSample, true);
  view.setUint16(34, bitsPerSample, true);
  write(36, "data");
  view.setUint32(40, dataLength, true);
  for (const [ch, samples] of channels.entries()) {
    for (const [f, sample] of samples.entries()) {
      const x = Math.max(-1, Math.min(1, sample));
      const offset = 44 + (f * channels.length + ch) * bytesPerSample;
      if (bitsPerSample === 8) out[offset] = Math.max(0, Math.min(255, Math.round(x * 128 + 128)));
      else view.setInt16(offset, Math.max(-32768, Math.min(32767, Math.round(x * 32768))), true);
    }
  }
  return out;
}

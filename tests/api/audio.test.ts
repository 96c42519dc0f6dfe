import { randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { AudioAccess, AudioWaveform } from "#app/api/resources/audio";
import { encodeWav } from "#app/domain/audio-wav";
import { audioStorageKey, parseAudioFileName, ranAudioFileName } from "#app/domain/ran-audio-name";
import { fileStore } from "#app/server/file-store.server";
import { uploadedResult } from "./support/fixtures";
import { useTempDataDir } from "./support/test-api";
import { apiWorld } from "./support/world";
import { first } from "#app/domain/presence";

const data = useTempDataDir();

const NOW = new Date("2026-03-02T10:00:00Z");
const RATE = 8000;

/** 4 s of silence, then 3 s of a 440 Hz tone: 8 kHz 8-bit mono, 56,044 bytes with a known shape. */
function knownRecording(leadSecs = 4, toneSecs = 3): Uint8Array {
  const samples = Float32Array.from({ length: (leadSecs + toneSecs) * RATE }, (_, i) =>
    i < leadSecs * RATE ? 0 : 0.6 * Math.sin((2 * Math.PI * 440 * i) / RATE),
  );
  return encodeWav([samples], RATE, 8);
}

interface RanTest {
  participantId: string;
  participantTestId: string;
  practice: string;
  test: string;
}

async function ranTest(participantId: string, codes: [string, string] = ["object-ran_prac_1", "object-ran_1"]): Promise<RanTest> {
  const { participantTestId } = await uploadedResult(handle.db, {
    participantId,
    testCode: "object-ran",
    responses: codes.map((questionCode) => ({ questionCode, score: 1, responseTimeInSecs: 7 })),
  });
  const name = (code: string) => ranAudioFileName(participantId, participantTestId, code)!;
  return { participantId, participantTestId, practice: name(codes[0]), test: name(codes[1]) };
}

async function store(fileName: string, bytes: Uint8Array) {
  await fileStore().put(audioStorageKey(parseAudioFileName(fileName)!), bytes);
}

const fileUrl = (fileName: string, token?: string) =>
  `/participantTest/getAudioFile?fileName=${encodeURIComponent(fileName)}${token === undefined ? "" : `&token=${encodeURIComponent(token)}`}`;
const waveformUrl = (fileName: string, token?: string) => fileUrl(fileName, token).replace("getAudioFile", "getAudioWaveform");
const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());
/** Byte-for-byte, without a deep diff of 56,000 array elements. */
const expectBytes = (actual: Uint8Array, expected: Uint8Array) => {
  expect(actual.length).toBe(expected.length);
  expect(Buffer.from(actual).equals(Buffer.from(expected))).toBe(true);
};
/** The API's own relative URLs start with /api, which `call` adds. */
const apiPath = (url: string) => url.replace(/^\/api/, "");

const wav = knownRecording();

const { handle, t, w } = await apiWorld();
t.clock.now = NOW;
const tokens: Record<"teacher" | "schoolAdmin" | "superAdmin", string> = {
  teacher: await t.login(w.teacher.email),
  schoolAdmin: await t.login(w.schoolAdmin.email),
  superAdmin: await t.login(w.superAdmin.email),
};
// studentA (school A, the teacher's classroom)
const a = await ranTest(w.studentA.participant_id);
// studentB (school B)
const b = await ranTest(w.studentB.participant_id);
// a student of another district
const other = await ranTest(w.otherStudent.participant_id);
// studentA2 (school A, not the teacher's classroom)
const a2 = await ranTest(w.studentA2.participant_id);
for (const r of [a, b, other, a2]) {
  await store(r.practice, knownRecording(1, 2));
  await store(r.test, wav);
}

afterAll(() => data.cleanup());

describe(`GET /participantTest/getAudioFile (${process.env.TEST_DB_ENGINE})`, () => {
  it("streams the whole recording as audio/wav and says ranges are accepted", async () => {
    const res = await t.call("GET", fileUrl(a.test), { token: tokens.teacher });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("audio/wav");
    expect(res.headers.get("accept-ranges")).toBe("bytes");
    expect(res.headers.get("content-length")).toBe(String(wav.length));
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("content-range")).toBeNull();
    expectBytes(await bytesOf(res), wav);
  });

  it.each<[string, number, number]>([
    ["bytes=0-99", 0, 99],
    ["bytes=100-", 100, wav.length - 1],
    ["bytes=-100", wav.length - 100, wav.length - 1],
    ["bytes=1000-1000", 1000, 1000],
    ["bytes=50000-99999999", 50000, wav.length - 1],
  ])("answers %s with 206 and exactly those bytes", async (range, start, end) => {
    const res = await t.call("GET", fileUrl(a.test), { token: tokens.teacher, headers: { range } });
    expect(res.status).toBe(206);
    expect(res.headers.get("content-range")).toBe(`bytes ${start}-${end}/${wav.length}`);
    expect(res.headers.get("content-length")).toBe(String(end - start + 1));
    expect(res.headers.get("content-type")).toBe("audio/wav");
    expectBytes(await bytesOf(res), wav.slice(start, end + 1));
  });

  it.each([`bytes=${56044}-`, "bytes=60000-60010", "bytes=20-10", "bytes=abc", "bytes=-0", "0-10"])(
    "answers %s with 416 and the size",
    async (range) => {
      expect(wav.length).toBe(56044);
      const res = await t.call("GET", fileUrl(a.test), { token: tokens.teacher, headers: { range } });
      expect(res.status).toBe(416);
      expect(res.headers.get("content-range")).toBe(`bytes */${wav.length}`);
      expect((await bytesOf(res)).length).toBe(0);
    },
  );

  it("sends the whole file when If-Range names another version", async () => {
    const first = await t.call("GET", fileUrl(a.test), { token: tokens.teacher });
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    await first.arrayBuffer();
    const same = await t.call("GET", fileUrl(a.test), { token: tokens.teacher, headers: { range: "bytes=0-9", "if-range": etag } });
    expect(same.status).toBe(206);
    await same.arrayBuffer();
    const stale = await t.call("GET", fileUrl(a.test), { token: tokens.teacher, headers: { range: "bytes=0-9", "if-range": '"0-0"' } });
    expect(stale.status).toBe(200);
    expectBytes(await bytesOf(stale), wav);
  });

  it("answers HEAD with the headers only", async () => {
    const res = await t.call("HEAD", fileUrl(a.test), { token: tokens.teacher });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-length")).toBe(String(wav.length));
    expect((await bytesOf(res)).length).toBe(0);
  });

  it("serves every role that may see the student", async () => {
    for (const token of [tokens.teacher, tokens.schoolAdmin, tokens.superAdmin]) {
      const res = await t.call("GET", fileUrl(a.practice), { token });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    const res = await t.call("GET", fileUrl(other.test), { token: tokens.superAdmin, headers: { range: "bytes=0-3" } });
    expect(res.status).toBe(206);
    expect(new TextDecoder().decode(await bytesOf(res))).toBe("RIFF");
  });

  it.each<[string, () => string, "teacher" | "schoolAdmin"]>([
    ["a teacher of school A, a student of school B", () => b.test, "teacher"],
    ["a teacher, a student of their school outside their classrooms", () => a2.test, "teacher"],
    ["a school admin of school A, a student of school B", () => b.test, "schoolAdmin"],
    ["a school admin, a student of another district", () => other.test, "schoolAdmin"],
  ])("refuses %s with 403", async (_label, name, who) => {
    const res = await t.call("GET", fileUrl(name()), { token: tokens[who] });
    expect(res.status).toBe(403);
    expect(res.headers.get("content-type")).toContain("application/json");
  });

  it("answers 401 with neither session nor token", async () => {
    expect((await t.call("GET", fileUrl(a.test))).status).toBe(401);
  });

  it("answers 404 for an unknown student, a test of another student, and a name with nothing stored", async () => {
    const unknown = ranAudioFileName(randomUUID(), a.participantTestId, "object-ran_1")!;
    expect((await t.call("GET", fileUrl(unknown), { token: tokens.superAdmin })).status).toBe(404);
    const mixed = ranAudioFileName(a.participantId, b.participantTestId, "object-ran_1")!;
    expect((await t.call("GET", fileUrl(mixed), { token: tokens.superAdmin })).status).toBe(404);
    const missing = ranAudioFileName(a.participantId, a.participantTestId, "object-ran_2")!;
    const res = await t.call("GET", fileUrl(missing), { token: tokens.superAdmin });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "Recording not found" });
  });

  it("refuses names that are paths with 400, and never serves a file outside the store", async () => {
    writeFileSync(path.join(data.dir, "outside.wav"), "not for anyone");
    const prefix = `${a.participantId}_${a.participantTestId}_`;
    for (const fileName of [
      "../outside.wav",
      "../../../../etc/passwd",
      "/etc/passwd",
      path.join(data.dir, "outside.wav"),
      `${prefix}../../outside.wav`,
      `${prefix}..%2f..%2foutside.wav`,
      `../${prefix}object-ran_1.wav`,
      `${prefix}a/../../outside.wav`,
      `${prefix}x.wav\0`,
      `${prefix}object-ran_1.wav/..`,
      `ran-audio/${a.participantId}/${a.test}`,
    ]) {
      const res = await t.call("GET", fileUrl(fileName), { token: tokens.superAdmin });
      expect(res.status, fileName).toBe(400);
      expect(await res.text()).not.toContain("not for anyone");
    }
  });

  it("turns a 'TEST_' question code into 'test_ran_' in the file name", async () => {
    const r = await ranTest(w.studentA.participant_id, ["TEST_PRAC_1", "TEST_1"]);
    expect(r.test).toBe(`${r.participantId}_${r.participantTestId}_test_ran_1.wav`);
    await store(r.test, wav);
    const res = await t.call("GET", fileUrl(r.test), { token: tokens.teacher });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
  });
});

describe(`access tokens (${process.env.TEST_DB_ENGINE})`, () => {
  const access = async (participantTestId: string, token: string | null = tokens.teacher) =>
    t.call("GET", `/participantTest/audioAccess/${participantTestId}`, { token });

  it("gives a page a ten-minute token and the URLs of the test's recordings", async () => {
    const res = await access(a.participantTestId);
    expect(res.status).toBe(200);
    const body = (await res.json()) as AudioAccess;
    expect(body).toMatchObject({
      participantId: a.participantId,
      participantTestId: a.participantTestId,
      expiresAt: new Date(NOW.getTime() + 600_000).toISOString(),
    });
    expect(body.recordings.map((r) => [r.questionCode, r.fileName, r.available])).toEqual([
      ["object-ran_1", a.test, true],
      ["object-ran_prac_1", a.practice, true],
    ]);
    expect(body.recordings[0]?.audioUrl).toBe(
      `/api/participantTest/getAudioFile?fileName=${a.test}&token=${encodeURIComponent(body.token)}`,
    );
    expect(body.token).not.toBe(tokens.teacher);
    expect(body.token).not.toContain(tokens.teacher);
  });

  it("marks a response without a stored recording as not available, with no URL", async () => {
    const r = await ranTest(w.studentA.participant_id);
    await store(r.practice, wav);
    const body = (await (await access(r.participantTestId)).json()) as AudioAccess;
    expect(body.recordings.find((x) => x.fileName === r.test)).toMatchObject({ available: false, audioUrl: null, waveformUrl: null });
  });

  // Issue 34 item 12: the page offered nonword repetition's first and second players for files
  // that were never stored. The access call lists the recordings that exist, from one look at the store.
  it("lists every recording stored for the test, a question's first and second included, and no other test's", async () => {
    const { participantTestId } = await uploadedResult(handle.db, {
      participantId: w.studentA.participant_id,
      testCode: "nonword-repetition",
      responses: ["NWR_1", "NWR_2"].map((questionCode) => ({ questionCode, score: 1, responseTimeInSecs: 3 })),
    });
    const name = (code: string) => ranAudioFileName(w.studentA.participant_id, participantTestId, code)!;
    const before = (await (await access(participantTestId)).json()) as AudioAccess;
    expect(before.storedFileNames).toEqual([]);
    expect(before.recordings.map((r) => r.available)).toEqual([false, false]);
    await store(name("NWR_1_first"), wav);
    await store(name("NWR_2_second"), wav);
    const after = (await (await access(participantTestId)).json()) as AudioAccess;
    expect(after.storedFileNames).toEqual([name("NWR_1_first"), name("NWR_2_second")].sort());
    // The RAN test of the same student keeps its own.
    const ran = (await (await access(a.participantTestId)).json()) as AudioAccess;
    expect(ran.storedFileNames).toEqual([a.test, a.practice].sort());
  });

  it("streams and seeks with the token alone, no session", async () => {
    const body = (await (await access(a.participantTestId)).json()) as AudioAccess;
    const url = apiPath(first(body.recordings, "a recording").audioUrl!);
    const whole = await t.call("GET", url);
    expect(whole.status).toBe(200);
    expectBytes(await bytesOf(whole), wav);
    const part = await t.call("GET", url, { headers: { range: "bytes=-100" } });
    expect(part.status).toBe(206);
    expectBytes(await bytesOf(part), wav.slice(-100));
  });

  it("refuses to mint for a student out of scope (403), an unknown test (404), or without a session (401)", async () => {
    expect((await access(b.participantTestId)).status).toBe(403);
    expect((await access(randomUUID())).status).toBe(404);
    expect((await access(a.participantTestId, null)).status).toBe(401);
  });

  it("expires after ten minutes (401)", async () => {
    const { token } = (await (await access(a.participantTestId)).json()) as AudioAccess;
    try {
      t.clock.now = new Date(NOW.getTime() + 599_000);
      const ok = await t.call("GET", fileUrl(a.test, token));
      expect(ok.status).toBe(200);
      await ok.arrayBuffer();
      t.clock.now = new Date(NOW.getTime() + 600_000);
      const res = await t.call("GET", fileUrl(a.test, token));
      expect(res.status).toBe(401);
      expect(((await res.json()) as { message: string }).message).toBe("This audio link has expired: reload the page");
    } finally {
      t.clock.now = NOW;
    }
  });

  it("is refused (403) when tampered with, malformed, or used for another test or student", async () => {
    const { token } = (await (await access(a.participantTestId)).json()) as AudioAccess;
    const [version, expiry, reader, signature] = token.split(".");
    if (signature === undefined) throw new Error(`A token is version.expiry.user.signature, not ${token}`);
    const flipped = signature.slice(0, -2) + (signature.endsWith("AA") ? "BB" : "AA");
    for (const bad of [
      `${version}.${expiry}.${reader}.${flipped}`,
      `${version}.${Number(expiry) + 3600}.${reader}.${signature}`,
      // Another user written in: the access log would name them.
      `${version}.${expiry}.${w.superAdmin.user_id}.${signature}`,
      "v1.123.abc",
      tokens.teacher,
      "",
    ]) {
      const res = await t.call("GET", fileUrl(a.test, bad));
      expect(res.status, bad).toBe(403);
    }
    const a2Token = ((await (await access(a2.participantTestId, tokens.superAdmin)).json()) as AudioAccess).token;
    expect((await t.call("GET", fileUrl(a.test, a2Token))).status).toBe(403);
    const r = await ranTest(w.studentA.participant_id);
    await store(r.test, wav);
    expect((await t.call("GET", fileUrl(r.test, token))).status).toBe(403);
  });

  it("decides alone when given: a bad token is refused even beside a good session", async () => {
    const res = await t.call("GET", fileUrl(a.test, "v1.1.x"), { token: tokens.superAdmin });
    expect(res.status).toBe(403);
  });
});

describe(`GET /participantTest/getAudioWaveform (${process.env.TEST_DB_ENGINE})`, () => {
  it("gives 200 peaks, the duration and a response time without the 4 s of leading silence", async () => {
    const res = await t.call("GET", waveformUrl(a.test), { token: tokens.teacher });
    expect(res.status).toBe(200);
    const body = (await res.json()) as AudioWaveform;
    expect(body).toMatchObject({
      fileName: a.test,
      durationSecs: 7,
      sampleRate: 8000,
      channels: 1,
      bitsPerSample: 8,
      leadingSilenceSecs: 4,
      trailingSilenceSecs: 0,
      silent: false,
      suggestedResponseTime: { secs: 3, wholeSecs: 3, subtractedLeadingSecs: 4, subtractedTrailingSecs: 0 },
    });
    expect(body.peaks).toHaveLength(200);
    expect(body.peaks.slice(0, 114).every((p) => p === 0)).toBe(true); // 4 of 7 s are silent
    expect(body.peaks.slice(115).every((p) => p > 0.55 && p <= 0.61)).toBe(true);
  });

  it("keeps 1 s of leading silence in the suggestion (not over 3 s)", async () => {
    const body = (await (await t.call("GET", waveformUrl(a.practice), { token: tokens.teacher })).json()) as AudioWaveform;
    expect(body).toMatchObject({ durationSecs: 3, leadingSilenceSecs: 1, suggestedResponseTime: { secs: 3, wholeSecs: 3 } });
  });

  it("follows the access rules of the file: token alone, 403 out of scope, 401 expired", async () => {
    const { recordings } = (await (
      await t.call("GET", `/participantTest/audioAccess/${a.participantTestId}`, { token: tokens.teacher })
    ).json()) as AudioAccess;
    const recorded = first(recordings, "a recording").waveformUrl!;
    const res = await t.call("GET", apiPath(recorded));
    expect(res.status).toBe(200);
    expect(((await res.json()) as AudioWaveform).durationSecs).toBe(7);
    expect((await t.call("GET", waveformUrl(b.test), { token: tokens.teacher })).status).toBe(403);
    expect((await t.call("GET", waveformUrl("../x.wav"), { token: tokens.teacher })).status).toBe(400);
    t.clock.now = new Date(NOW.getTime() + 3_600_000);
    try {
      expect((await t.call("GET", apiPath(recorded))).status).toBe(401);
    } finally {
      t.clock.now = NOW;
    }
  });

  it("is computed again when the recording is replaced", async () => {
    const r = await ranTest(w.studentA.participant_id);
    await store(r.test, knownRecording(4, 3));
    const first = (await (await t.call("GET", waveformUrl(r.test), { token: tokens.teacher })).json()) as AudioWaveform;
    expect(first.durationSecs).toBe(7);
    await store(r.test, knownRecording(2, 6));
    const second = (await (await t.call("GET", waveformUrl(r.test), { token: tokens.teacher })).json()) as AudioWaveform;
    expect(second).toMatchObject({ durationSecs: 8, leadingSilenceSecs: 2, suggestedResponseTime: { secs: 8 } });
  });

  it("answers 422 for a stored file that is not PCM WAV, and 404 for none", async () => {
    const r = await ranTest(w.studentA.participant_id);
    await store(r.test, new TextEncoder().encode("ID3 this is an mp3"));
    const res = await t.call("GET", waveformUrl(r.test), { token: tokens.teacher });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { message: string }).message).toMatch(/^The recording cannot be read/);
    expect((await t.call("GET", waveformUrl(r.practice), { token: tokens.teacher })).status).toBe(404);
  });
});

describe(`OpenAPI (${process.env.TEST_DB_ENGINE})`, () => {
  it("documents the audio calls", async () => {
    const doc = (await (await t.call("GET", "/openapi.json")).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/participantTest/getAudioFile",
        "/api/participantTest/getAudioWaveform",
        "/api/participantTest/audioAccess/{id}",
      ]),
    );
  });
});

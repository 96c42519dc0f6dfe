import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { Readable } from "node:stream";
import { isLiveTestOf, liveStudentDistrict, responseCodesOfTest } from "#app/db/queries/audio";
import { testOwner } from "#app/db/queries/results";
import { contentRangeHeader, parseByteRange } from "#app/domain/audio-range";
import { WavFormatError } from "#app/domain/audio-wav";
import { analyzeRecording, type RecordingAnalysis } from "#app/domain/audio-waveform";
import { audioStorageFolder, audioStorageKey, parseAudioFileName, ranAudioFileName, type AudioFileName } from "#app/domain/ran-audio-name";
import { audioTokenSecret, signAudioToken, verifyAudioToken } from "#app/server/audio-token.server";
import { FileNotFoundError, filesDir, fileStore, InvalidKeyError, type StoredFileInfo } from "#app/server/file-store.server";
import { errorResponses, jsonResponse, type ApiEnv, type Router } from "../env";
import { ApiError, notFound } from "../errors";
import { idParam } from "../params";
import { recordAccess } from "../record-access";
import { assertParticipant, requireActor } from "../scope";

// RAN recordings (spec 001 §7, Audio): the file a player streams, with Range so seeking works;
// the waveform and suggested response time a scorer reads; and the short-lived access token a
// page puts on those URLs, since an <audio> element cannot send the session's bearer token.

const FILE_NAME_HELP = "{participantId}_{participantTestId}_{questionCode lowercased, 'TEST_' read as 'test_ran_'}.wav";

const RecordingQuery = z.object({
  fileName: z.string().min(1).max(300).openapi({ description: FILE_NAME_HELP, example: "3f0c…_9a1b…_letter-ran_prac_1.wav" }),
  token: z
    .string()
    .max(200)
    .optional()
    .openapi({ description: "An access token from GET /participantTest/audioAccess/{id}; without one the session decides" }),
});

const audioBody = (description: string) => ({
  content: { "audio/wav": { schema: z.string().openapi({ format: "binary" }) } },
  description,
});

const getAudioFile = createRoute({
  method: "get",
  path: "/participantTest/getAudioFile",
  tags: ["Audio"],
  summary: "A question response's recording, with HTTP Range support",
  description:
    "Streams the WAV. Send `Range: bytes=…` for part of it (206 with Content-Range); a range that starts past the end or cannot be read answers 416 with `Content-Range: bytes */size`. " +
    "Allowed with the session of someone who may see the student, or with the `token` of GET /participantTest/audioAccess/{id} (10 minutes, that test only).",
  // The empty requirement marks the bearer token optional: a `token` in the query works alone.
  security: [{ Bearer: [] }, {} as Record<string, string[]>],
  request: { query: RecordingQuery },
  responses: {
    200: audioBody("The whole recording (Accept-Ranges: bytes)"),
    206: audioBody("The requested byte range"),
    416: { description: "Unsatisfiable or malformed range; Content-Range says the size" },
    ...errorResponses,
  },
});

const Waveform = z
  .object({
    fileName: z.string(),
    durationSecs: z.number(),
    sampleRate: z.number().int(),
    channels: z.number().int(),
    bitsPerSample: z.number().int(),
    peaks: z.array(z.number().min(0).max(1)).openapi({ description: "Loudest |sample| (0..1) of each of 200 equal stretches" }),
    leadingSilenceSecs: z.number(),
    trailingSilenceSecs: z.number(),
    silent: z.boolean().openapi({ description: "No sound at all: the whole recording counts as leading silence" }),
    suggestedResponseTime: z
      .object({
        secs: z.number(),
        wholeSecs: z.number().int(),
        subtractedLeadingSecs: z.number(),
        subtractedTrailingSecs: z.number(),
      })
      .openapi({ description: "Duration less leading and trailing silence, each only when over 3 seconds (spec 001 §9)" }),
  })
  .openapi("AudioWaveform");
export type AudioWaveform = z.infer<typeof Waveform>;

const getAudioWaveform = createRoute({
  method: "get",
  path: "/participantTest/getAudioWaveform",
  tags: ["Audio"],
  summary: "A recording's waveform peaks, silence and suggested RAN response time",
  description: "Same file name and access rules as getAudioFile. Computed once per stored file and kept.",
  security: [{ Bearer: [] }, {} as Record<string, string[]>],
  request: { query: RecordingQuery },
  responses: {
    200: jsonResponse(Waveform, "Waveform"),
    422: jsonResponse(z.object({ message: z.string() }), "The stored file is not 8- or 16-bit PCM WAV"),
    ...errorResponses,
  },
});

const Recording = z.object({
  participantTestQuestionResponseId: z.string(),
  questionCode: z.string(),
  fileName: z.string().nullable().openapi({ description: "Null when the question code cannot name a file" }),
  available: z.boolean().openapi({ description: "A recording is stored under that name" }),
  audioUrl: z.string().nullable().openapi({ description: "Relative URL for an <audio> src, token included" }),
  waveformUrl: z.string().nullable(),
});

const AudioAccess = z
  .object({
    participantId: z.string(),
    participantTestId: z.string(),
    token: z.string(),
    expiresAt: z.string(),
    recordings: z.array(Recording),
    storedFileNames: z.array(z.string()).openapi({
      description:
        "Every recording stored for this test, by file name: a question with more than one recording (nonword repetition's first and second) is played only where its file is here",
    }),
  })
  .openapi("AudioAccess");
export type AudioAccess = z.infer<typeof AudioAccess>;

const getAudioAccess = createRoute({
  method: "get",
  path: "/participantTest/audioAccess/{id}",
  tags: ["Audio"],
  summary: "An access token for a test's recordings, and their URLs",
  description:
    "For pages that play a test's recordings: a token valid 10 minutes for this test only, per question response its file name, whether it is stored, and URLs carrying the token, and the names of every recording stored for the test (one look at the store, so a page offers a player only for a file that exists). Anyone who may see the student.",
  request: {
    params: idParam({ description: "participantTestId" }),
  },
  responses: { 200: jsonResponse(AudioAccess, "Token and recordings"), ...errorResponses },
});

// ── Access ──────────────────────────────────────────────────────────────────────────────────

async function assertTestOfStudent(c: Context<ApiEnv>, name: AudioFileName) {
  if (!(await isLiveTestOf(c.var.deps.db, name.participantTestId, name.participantId))) throw notFound("Test");
}

/**
 * Who may fetch a recording: with a token, the token alone (it was minted for someone who could
 * see the student, and names this student's test); without one, the caller's session and scope.
 * Either way the student and the test must still exist and belong together. Answers the file's
 * name, the student's district and who is reading (the token's user, or the caller), for the access log.
 */
async function authorizeRecording(
  c: Context<ApiEnv>,
  fileName: string,
  token: string | undefined,
): Promise<{ name: AudioFileName; organizationId: string; readerId: string }> {
  const name = parseAudioFileName(fileName);
  if (!name) throw new ApiError(400, `fileName must be ${FILE_NAME_HELP}`);
  const { db, now } = c.var.deps;
  let organizationId: string;
  let readerId: string;
  if (token !== undefined) {
    const check = verifyAudioToken(audioTokenSecret(), token, name, now());
    if (!check.ok) {
      if (check.reason === "expired") throw new ApiError(401, "This audio link has expired: reload the page");
      throw new ApiError(403, "Invalid audio access token");
    }
    const district = await liveStudentDistrict(db, name.participantId);
    if (!district) throw notFound("Student");
    organizationId = district;
    readerId = check.userId;
  } else {
    const actor = requireActor(c.var.actor);
    organizationId = (await assertParticipant(db, actor, name.participantId)).organization_id;
    readerId = actor.userId;
  }
  await assertTestOfStudent(c, name);
  return { name, organizationId, readerId };
}

async function storedRecording(name: AudioFileName): Promise<{ key: string; info: StoredFileInfo }> {
  const key = audioStorageKey(name);
  // A key the store refuses here can only be a link planted in the store that leads out of it.
  const info = await fileStore()
    .stat(key)
    .catch((e: unknown) => {
      if (e instanceof InvalidKeyError) return null;
      throw e;
    });
  if (!info) throw notFound("Recording");
  return { key, info };
}

// ── Waveform cache ──────────────────────────────────────────────────────────────────────────

/** Bigger files are not read whole into memory for a waveform (a RAN recording is well under 10 MB). */
const MAX_WAVEFORM_BYTES = 50 * 1024 * 1024;
const CACHE_ENTRIES = 500;
// Keyed by store, file and version (size, change time): a replaced recording gets a new entry. The promise
// is kept, so requests arriving together for one file share one computation.
const analyses = new Map<string, Promise<RecordingAnalysis>>();

function analysisOf(key: string, info: StoredFileInfo): Promise<RecordingAnalysis> {
  const cacheKey = `${filesDir()}|${key}|${info.size}|${info.mtimeMs}`;
  let analysis = analyses.get(cacheKey);
  if (analysis) {
    analyses.delete(cacheKey); // re-inserted below: the Map's order is the least-recently-used order
  } else {
    analysis = fileStore()
      .readAll(key)
      .then((bytes) => analyzeRecording(bytes));
    analysis.catch(() => analyses.delete(cacheKey));
  }
  analyses.set(cacheKey, analysis);
  while (analyses.size > CACHE_ENTRIES) analyses.delete(analyses.keys().next().value as string);
  return analysis;
}

// ── Routes ──────────────────────────────────────────────────────────────────────────────────

const etagOf = (info: StoredFileInfo) => `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;

const recordingUrl = (endpoint: "getAudioFile" | "getAudioWaveform", fileName: string, token: string) =>
  `/api/participantTest/${endpoint}?fileName=${encodeURIComponent(fileName)}&token=${encodeURIComponent(token)}`;

export function registerAudio(app: Router) {
  app.openapi(getAudioFile, async (c) => {
    const { fileName, token } = c.req.valid("query");
    const { name, organizationId, readerId } = await authorizeRecording(c, fileName, token);
    const { key, info } = await storedRecording(name);
    const etag = etagOf(info);
    const lastModified = new Date(info.mtimeMs).toUTCString();
    const headers: Record<string, string> = {
      "Content-Type": "audio/wav",
      "Accept-Ranges": "bytes",
      ETag: etag,
      "Last-Modified": lastModified,
      "Content-Disposition": `inline; filename="${name.fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    };
    // If-Range: a range of a file that changed since the client's copy would splice two versions.
    const ifRange = c.req.header("if-range");
    const rangeHeader = ifRange === undefined || ifRange === etag || ifRange === lastModified ? c.req.header("range") : undefined;
    const range = parseByteRange(rangeHeader, info.size);
    if (range.kind === "unsatisfiable") {
      return c.body(null, 416, { ...headers, "Content-Range": contentRangeHeader(range, info.size)! });
    }
    const part = range.kind === "partial" ? { start: range.start, end: range.end } : null;
    const length = part ? part.end - part.start + 1 : info.size;
    const status = part ? 206 : 200;
    if (part) headers["Content-Range"] = contentRangeHeader(range, info.size)!;
    headers["Content-Length"] = String(length);
    // HEAD answers the same headers without opening the file.
    if (c.req.raw.method === "HEAD" || length === 0) return c.body(null, status, headers);
    // One listening is one read: a player asks for the start (the whole file, or 'bytes=0-'), then
    // for later ranges as it plays or seeks; only the request that starts at byte 0 is logged.
    if (!part || part.start === 0) {
      recordAccess(c, { what: "ran-recording", organizationId, participantId: name.participantId, detail: name.fileName }, readerId);
    }
    let stream: Readable;
    try {
      stream = await fileStore().read(key, part ?? undefined);
    } catch (e) {
      if (e instanceof FileNotFoundError) throw notFound("Recording");
      throw e;
    }
    return c.body(Readable.toWeb(stream) as ReadableStream<Uint8Array>, status, headers);
  });

  app.openapi(getAudioWaveform, async (c) => {
    const { fileName, token } = c.req.valid("query");
    const { name } = await authorizeRecording(c, fileName, token);
    const { key, info } = await storedRecording(name);
    if (info.size > MAX_WAVEFORM_BYTES) throw new ApiError(422, "The recording is too large for a waveform");
    let analysis: RecordingAnalysis;
    try {
      analysis = await analysisOf(key, info);
    } catch (e) {
      if (e instanceof WavFormatError) throw new ApiError(422, `The recording cannot be read: ${e.message}`);
      if (e instanceof FileNotFoundError) throw notFound("Recording");
      throw e;
    }
    c.header("Cache-Control", "private, no-store");
    return c.json(
      {
        fileName: name.fileName,
        durationSecs: analysis.durationSecs,
        sampleRate: analysis.sampleRate,
        channels: analysis.channels,
        bitsPerSample: analysis.bitsPerSample,
        peaks: analysis.peaks,
        leadingSilenceSecs: analysis.silence.leadingSilenceSecs,
        trailingSilenceSecs: analysis.silence.trailingSilenceSecs,
        silent: analysis.silence.silent,
        suggestedResponseTime: analysis.suggestedResponseTime,
      },
      200,
    );
  });

  app.openapi(getAudioAccess, async (c) => {
    const actor = requireActor(c.var.actor);
    const { db, now } = c.var.deps;
    const { id } = c.req.valid("param");
    const test = await testOwner(db, id);
    if (!test) throw notFound("Test");
    await assertParticipant(db, actor, test.participant_id);
    const subject = { participantId: test.participant_id, participantTestId: id };
    const { token, expiresAt } = signAudioToken(audioTokenSecret(), subject, actor.userId, now());
    const responses = await responseCodesOfTest(db, id);
    // One listing of the student's folder says which of the test's recordings exist (issue 34
    // item 12: nonword repetition offered two players for files never stored, 404 and 0:00).
    const folder = audioStorageFolder(subject.participantId);
    const stored = (await fileStore().list(folder))
      .filter((key) => key.startsWith(folder))
      .map((key) => parseAudioFileName(key.slice(folder.length)))
      .filter((name) => name?.participantId === subject.participantId && name.participantTestId === subject.participantTestId)
      .map((name) => name!.fileName)
      .sort();
    const storedNames = new Set(stored);
    const recordings = responses.map((r) => {
      const fileName = ranAudioFileName(subject.participantId, subject.participantTestId, r.question_code);
      const available = fileName !== null && storedNames.has(fileName);
      return {
        participantTestQuestionResponseId: r.participant_test_question_response_id,
        questionCode: r.question_code,
        fileName,
        available,
        audioUrl: fileName && available ? recordingUrl("getAudioFile", fileName, token) : null,
        waveformUrl: fileName && available ? recordingUrl("getAudioWaveform", fileName, token) : null,
      };
    });
    c.header("Cache-Control", "private, no-store");
    return c.json({ ...subject, token, expiresAt: expiresAt.toISOString(), recordings, storedFileNames: stored }, 200);
  });
}

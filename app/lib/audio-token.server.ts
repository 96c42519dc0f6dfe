import type { ApiClient, ApiSchema } from "./api.server";

// How a page plays a test's recordings (spec 001 §7: the test details page adds an access token).
// The loader asks the API for a short-lived token and the recordings' URLs; the page puts those
// URLs on <audio> elements and fetches the waveform JSON from them. The session token never goes
// into a URL.

export type AudioAccess = ApiSchema<"AudioAccess">;
export type AudioRecording = AudioAccess["recordings"][number];
export type AudioWaveform = ApiSchema<"AudioWaveform">;

/**
 * In a loader: a token valid ten minutes for this test only, and per question response its file
 * name, whether a recording is stored, and `audioUrl` / `waveformUrl` with the token on them.
 * 403 and 404 go to the ErrorBoundary as every `api.load` does.
 *
 *   const api = apiFor(request, context);
 *   const audio = await loadAudioAccess(api, participantTestId);
 *   // <audio controls preload="metadata" src={recording.audioUrl} />
 */
export function loadAudioAccess(api: ApiClient, participantTestId: string): Promise<AudioAccess> {
  return api.load(api.GET("/participantTest/audioAccess/{id}", { params: { path: { id: participantTestId } } }));
}

/** The recording of one question response, found by its id, or null when it has none stored. */
export function recordingOf(access: AudioAccess, participantTestQuestionResponseId: string): AudioRecording | null {
  const r = access.recordings.find((x) => x.participantTestQuestionResponseId === participantTestQuestionResponseId);
  return r && r.available ? r : null;
}

import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AUDIO_TOKEN_TTL_SECS, audioTokenSecret, signAudioToken, verifyAudioToken } from "./audio-token.server";

const subject = { participantId: "3f0c2a4e-1b2c-4d5e-8f90-a1b2c3d4e5f6", participantTestId: "9a1b2c3d-4e5f-4a6b-9c7d-e8f9a0b1c2d3" };
const other = { ...subject, participantTestId: "00000000-4e5f-4a6b-9c7d-e8f9a0b1c2d3" };
const user = "5b1e2c3d-4e5f-4a6b-8c7d-e8f9a0b1c2d3";
const now = new Date("2026-03-02T10:00:00Z");
const later = (secs: number) => new Date(now.getTime() + secs * 1000);
const { token, expiresAt } = signAudioToken("secret-a", subject, user, now);
const valid = { ok: true as const, userId: user };

describe("audio access tokens", () => {
  it("last ten minutes", () => {
    expect(AUDIO_TOKEN_TTL_SECS).toBe(600);
    expect(expiresAt.toISOString()).toBe("2026-03-02T10:10:00.000Z");
  });

  it.each<[string, string, string, typeof subject, Date, ReturnType<typeof verifyAudioToken>]>([
    ["fresh", "secret-a", token, subject, now, valid],
    ["a second before expiry", "secret-a", token, subject, later(599), valid],
    ["at expiry", "secret-a", token, subject, later(600), { ok: false, reason: "expired" }],
    ["another test", "secret-a", token, other, now, { ok: false, reason: "invalid" }],
    ["another student", "secret-a", token, { ...subject, participantId: other.participantTestId }, now, { ok: false, reason: "invalid" }],
    ["another secret", "secret-b", token, subject, now, { ok: false, reason: "invalid" }],
    [
      "a later expiry written in",
      "secret-a",
      token.replace(/^v2\.\d+/, `v2.${Math.floor(now.getTime() / 1000) + 99999}`),
      subject,
      now,
      { ok: false, reason: "invalid" },
    ],
    ["another user written in", "secret-a", token.replace(user, other.participantTestId), subject, now, { ok: false, reason: "invalid" }],
    [
      "a changed signature",
      "secret-a",
      token.slice(0, -1) + (token.endsWith("A") ? "B" : "A"),
      subject,
      now,
      { ok: false, reason: "invalid" },
    ],
    ["the wrong shape", "secret-a", "not-a-token", subject, now, { ok: false, reason: "malformed" }],
    [
      "a token of the version without a user",
      "secret-a",
      `v1.${Math.floor(now.getTime() / 1000) + 60}.${token.slice(-43)}`,
      subject,
      now,
      { ok: false, reason: "malformed" },
    ],
    ["empty", "secret-a", "", subject, now, { ok: false, reason: "malformed" }],
  ])("%s", (_label, secret, t, s, at, expected) => {
    expect(verifyAudioToken(secret, t, s, at)).toEqual(expected);
  });

  it("do not depend on the case of the ids", () => {
    const upper = { participantId: subject.participantId.toUpperCase(), participantTestId: subject.participantTestId.toUpperCase() };
    expect(verifyAudioToken("secret-a", token, upper, now)).toEqual(valid);
    expect(signAudioToken("secret-a", subject, user.toUpperCase(), now).token).toBe(token);
  });
});

describe("audioTokenSecret", () => {
  const dirs: string[] = [];
  afterEach(() => {
    vi.unstubAllEnvs();
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it("is SESSION_SECRET when set", () => {
    vi.stubEnv("SESSION_SECRET", "from-env");
    expect(audioTokenSecret()).toBe("from-env");
  });

  it("is otherwise the data folder's session-secret file, made once and kept", () => {
    vi.stubEnv("SESSION_SECRET", "");
    const dir = mkdtempSync(path.join(tmpdir(), "audio-token-"));
    dirs.push(dir);
    vi.stubEnv("DATA_DIR", dir);
    const first = audioTokenSecret();
    expect(first).toHaveLength(43);
    expect(readFileSync(path.join(dir, "session-secret"), "utf8")).toBe(first);
    expect(audioTokenSecret()).toBe(first);
  });
});

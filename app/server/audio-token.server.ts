import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { dataDir } from "./config.server";

// The access token a page puts on a recording's URL (spec 001 §7: "test details page also adds
// an access token"). An <audio> element cannot send an Authorization header, and the session
// token must never appear in a URL (it would land in logs and history), so the page gets a
// short-lived signature over the one test it may play instead: valid for that student's test
// only, for ten minutes, and useless for anything else. It names the user it was made for, signed
// with the rest, so a recording fetched with it is logged as that user's read (issue 41 item 2):
// an <audio> element's request carries no session.

export const AUDIO_TOKEN_TTL_SECS = 600;

export interface AudioTokenSubject {
  participantId: string;
  participantTestId: string;
}

/** A valid token names the user it was made for. */
export type AudioTokenCheck = { ok: true; userId: string } | { ok: false; reason: "malformed" | "expired" | "invalid" };

// v2 added the user (v1 tokens, ten minutes old at most when v2 came, are refused as malformed).
const VERSION = "v2";
const TOKEN = /^v2\.(\d{1,12})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/;

function signature(secret: string, subject: AudioTokenSubject, userId: string, expiresAtSecs: number): Buffer {
  // The purpose leads the signed text, so this signature can never pass for another use of the secret.
  const text = [
    "ran-audio-token",
    VERSION,
    subject.participantId.toLowerCase(),
    subject.participantTestId.toLowerCase(),
    userId,
    expiresAtSecs,
  ].join("|");
  return createHmac("sha256", secret).update(text).digest();
}

/** A token for `userId` (the caller who may see the student) to fetch `subject`'s recordings. */
export function signAudioToken(
  secret: string,
  subject: AudioTokenSubject,
  userId: string,
  now: Date,
  ttlSecs: number = AUDIO_TOKEN_TTL_SECS,
): { token: string; expiresAt: Date } {
  const expiresAtSecs = Math.floor(now.getTime() / 1000) + ttlSecs;
  const user = userId.toLowerCase();
  const token = `${VERSION}.${expiresAtSecs}.${user}.${signature(secret, subject, user, expiresAtSecs).toString("base64url")}`;
  return { token, expiresAt: new Date(expiresAtSecs * 1000) };
}

/** Checks the signature first, so an expired answer is only given for a token this server made. */
export function verifyAudioToken(secret: string, token: string, subject: AudioTokenSubject, now: Date): AudioTokenCheck {
  const m = TOKEN.exec(token);
  if (!m) return { ok: false, reason: "malformed" };
  const expiresAtSecs = Number(m[1]);
  const userId = m[2]!;
  const given = Buffer.from(m[3]!, "base64url");
  const expected = signature(secret, subject, userId, expiresAtSecs);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "invalid" };
  if (now.getTime() >= expiresAtSecs * 1000) return { ok: false, reason: "expired" };
  return { ok: true, userId };
}

const secrets = new Map<string, string>();

/**
 * The session secret (SESSION_SECRET, or the random one a local install keeps in its data
 * folder, the same one that signs the session cookie), read once per data folder.
 */
export function audioTokenSecret(): string {
  if (process.env.SESSION_SECRET) return process.env.SESSION_SECRET;
  const dir = dataDir();
  let secret = secrets.get(dir);
  if (!secret) {
    const file = path.join(dir, "session-secret");
    if (!existsSync(file)) createSecretFile(file);
    secret = readFileSync(file, "utf8").trim();
    if (!secret) throw new Error(`${file} is empty: delete it to have a new secret made`);
    secrets.set(dir, secret);
  }
  return secret;
}

// Written aside and linked into place, so no reader ever sees the file empty; when another
// process (or the session cookie's first use) got there first, the link fails and theirs counts.
function createSecretFile(file: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(tmp, randomBytes(32).toString("base64url"), { mode: 0o600 });
  try {
    linkSync(tmp, file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
  } finally {
    rmSync(tmp, { force: true });
  }
}

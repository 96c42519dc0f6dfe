import type { Db } from "#app/db/connect.server";
import { lockLiveClassroom, lockLiveSchool, type LockMode } from "#app/db/queries/locks";
import { notFound } from "./errors";

// Check-then-act under a lock (issue 14; DESIGN "Writes that can race"). A delete that refuses
// while a parent still has children locks the parent for update before it counts them; a write
// that adds a child locks the same parent for share first (shared locks do not wait for each
// other, so adding students side by side stays parallel). Whichever comes second waits, then
// sees what the first did: the delete counts the new child and refuses, or the insert finds the
// parent deleted (404). Run these inside the write's transaction.

/** Locks a live school; 404 when it is gone (or went while we waited). */
export async function lockSchool(tx: Db, schoolId: string, mode: LockMode) {
  const row = await lockLiveSchool(tx, schoolId, mode);
  if (!row) throw notFound("School");
  return row;
}

/** Locks a live classroom; 404 when it is gone (or went while we waited). */
export async function lockClassroom(tx: Db, classroomId: string, mode: LockMode) {
  const row = await lockLiveClassroom(tx, classroomId, mode);
  if (!row) throw notFound("Classroom");
  return row;
}

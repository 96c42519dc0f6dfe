import { expect } from "vitest";
import type { Db } from "#app/db/connect.server";
import { exportZip, oneRosterFiles, type ExportSpec } from "../../support/oneroster-export";
import { makeDistrict, makeUser } from "./fixtures";
import type { TestApi } from "./test-api";

// The roster tests' shared steps: a district of each test's own (an import stages and applies per
// district, so tests do not meet), and a file uploaded, staged and applied as its admin does.

export type RosterDistrict = Awaited<ReturnType<typeof rosterDistrict>>;

/** A new district with its district admin signed in. */
export async function rosterDistrict(t: TestApi, db: Db) {
  const d = await makeDistrict(db);
  const admin = await makeUser(db, { role: "ORG_ADMIN", organizationId: d.organization_id });
  return { id: d.organization_id, name: d.name, admin, token: await t.login(admin.email) };
}

/** The body of a roster upload for the district: a OneRoster export (as a spec or already zipped). */
export const rosterUpload = (d: { id: string; name: string }, roster: ExportSpec | Buffer, fileName = "roster.zip") => ({
  file: (Buffer.isBuffer(roster) ? roster : exportZip(oneRosterFiles(roster))).toString("base64"),
  fileName,
  districtName: d.name,
  districtId: d.id,
});

/** Uploads the roster and expects it staged for preview: its import's id. */
export async function stagedRoster(t: TestApi, d: { id: string; name: string }, roster: ExportSpec | Buffer, fileName?: string) {
  const res = await t.call("POST", "/roster-stream-old/process-roster-file", { body: rosterUpload(d, roster, fileName) });
  expect(res.status, await res.clone().text()).toBe(200);
  const { rosterImportId, status } = (await res.json()) as { rosterImportId: string; status: string };
  expect(status).toBe("staged");
  return rosterImportId;
}

/** Applies a staged import as the district's admin. */
export const applyRoster = (t: TestApi, d: { id: string; token: string }, rosterImportId: string) =>
  t.call("POST", "/roster-stream-old/apply", { body: { districtId: d.id, rosterImportId }, token: d.token });

/** Uploads and applies the roster, expecting both to succeed: its import's id. */
export async function appliedRoster(t: TestApi, d: RosterDistrict, roster: ExportSpec | Buffer, fileName?: string) {
  const rosterImportId = await stagedRoster(t, d, roster, fileName);
  const res = await applyRoster(t, d, rosterImportId);
  expect(res.status, await res.clone().text()).toBe(200);
  return rosterImportId;
}

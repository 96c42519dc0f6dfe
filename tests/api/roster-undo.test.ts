import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { PREVIEW_TTL_MS, ROSTER_MESSAGES } from "#app/api/resources/rostering";
import { sampleDistrict, type ExportSpec } from "../support/oneroster-export";
import { appliedRoster, applyRoster, rosterDistrict, stagedRoster } from "./support/roster";
import { useTempDataDir } from "./support/test-api";
import { freshApi } from "./support/world";

// Issue 35 items 2 and 3. An old preview stayed appliable forever and was planned again against
// the district of the day, so applying it after a newer import rolled that one back: a preview now
// expires after 24 hours and is refused when what it would write changed since. Undo overwrote
// edits made after the import, without asking: the admin now sees first what it would change, and
// the rows edited since (their version moved) are listed and left as they are.

const data = useTempDataDir();

const { handle, t } = await freshApi();

afterAll(() => data.cleanup());

interface UndoPreview {
  undoable: boolean;
  counts: Record<string, { created: number; updated: number; deactivated: number }>;
  memberships: number;
  leftAlone: { kind: string; id: string; name: string }[];
}

const district = () => rosterDistrict(t, handle.db);
type District = Awaited<ReturnType<typeof district>>;

const staged = (d: District, spec: ExportSpec) => stagedRoster(t, d, spec);
const apply = (d: District, rosterImportId: string) => applyRoster(t, d, rosterImportId);
const applied = (d: District, spec: ExportSpec) => appliedRoster(t, d, spec);
const refusal = async (res: Response) => [res.status, ((await res.json()) as { message: string }).message];

const student = (sourcedId: string) =>
  handle.db
    .selectFrom("participant")
    .select(["participant_id", "first_name", "deleted_at"])
    .where("sourced_id", "=", sourcedId)
    .executeTakeFirstOrThrow();

describe(`previews that went stale (${process.env.TEST_DB_ENGINE ?? "pglite"})`, () => {
  it("refuses a preview applied after a newer import, instead of rolling that one back", async () => {
    const d = await district();
    await applied(d, sampleDistrict("s"));
    const old = await staged(d, sampleDistrict("s"));
    const newer = sampleDistrict("s");
    newer.users.find((u) => u.id === "s-stu-1-PK-1")!.givenName = "Newer";
    await applied(d, newer);
    expect(await refusal(await apply(d, old))).toEqual([409, ROSTER_MESSAGES.changedSincePreview]);
    expect((await student("s-stu-1-PK-1")).first_name).toBe("Newer");
  });

  it("refuses a preview when a record it would write was edited by hand since", async () => {
    const d = await district();
    await applied(d, sampleDistrict("h"));
    const spec = sampleDistrict("h");
    spec.users.find((u) => u.id === "h-stu-1-PK-1")!.givenName = "FromFile";
    const preview = await staged(d, spec);
    const edited = await student("h-stu-1-KG-1");
    await handle.db.updateTable("participant").set({ first_name: "ByHand" }).where("participant_id", "=", edited.participant_id).execute();
    expect(await refusal(await apply(d, preview))).toEqual([409, ROSTER_MESSAGES.changedSincePreview]);
    expect((await student("h-stu-1-KG-1")).first_name).toBe("ByHand");
  });

  it("refuses a preview more than 24 hours old", async () => {
    const d = await district();
    const preview = await staged(d, sampleDistrict("x"));
    const stagedAt = new Date(t.clock.now.getTime() - PREVIEW_TTL_MS - 60_000);
    await sql`update roster_import set created_at = ${stagedAt} where roster_import_id = ${preview}`.execute(handle.db);
    expect(await refusal(await apply(d, preview))).toEqual([409, ROSTER_MESSAGES.previewExpired]);
    const recent = new Date(t.clock.now.getTime() - PREVIEW_TTL_MS + 60_000);
    await sql`update roster_import set created_at = ${recent} where roster_import_id = ${preview}`.execute(handle.db);
    expect((await apply(d, preview)).status).toBe(200);
  });
});

describe(`undo after later edits (${process.env.TEST_DB_ENGINE ?? "pglite"})`, () => {
  it("states what it would change, then leaves the records edited since as they are", async () => {
    const d = await district();
    await applied(d, sampleDistrict("u"));
    const spec = sampleDistrict("u");
    spec.users.find((u) => u.id === "u-stu-1-PK-1")!.givenName = "Imported";
    spec.users.find((u) => u.id === "u-stu-1-KG-1")!.givenName = "AlsoImported";
    const second = await applied(d, spec);

    // After the import, someone fixes one of the names it wrote, as every save does: a new version.
    const edited = await student("u-stu-1-PK-1");
    await handle.db
      .updateTable("participant")
      .set((eb) => ({ first_name: "FixedByHand", version: eb("version", "+", 1) }))
      .where("participant_id", "=", edited.participant_id)
      .execute();

    const preview = await t.call("GET", `/roster-imports/${second}/undo-preview`, { token: d.token });
    expect(preview.status).toBe(200);
    const p = (await preview.json()) as UndoPreview;
    expect(p.undoable).toBe(true);
    expect(p.counts.students).toEqual({ created: 0, updated: 1, deactivated: 0 });
    expect(p.leftAlone).toEqual([{ kind: "students", id: edited.participant_id, name: expect.stringContaining("FixedByHand") }]);

    const undone = await t.call("POST", `/roster-imports/${second}/undo`, { token: d.token });
    expect(undone.status).toBe(200);
    expect(((await undone.json()) as { report: { leftAlone: unknown[] } }).report.leftAlone).toHaveLength(1);
    expect((await student("u-stu-1-PK-1")).first_name).toBe("FixedByHand");
    expect((await student("u-stu-1-KG-1")).first_name).toBe("Kid1");
  });
});

import type { ComponentProps } from "react";
import { SchoolList } from "#app/components/admin/SchoolList";
import { RosterImports } from "#app/components/rostering/RosterImports";
import { RosterKey } from "#app/components/rostering/RosterKey";

type Imports = ComponentProps<typeof RosterImports>;

/** The district page's Schools tab, loaded when shown (app/routes/district.$districtId.tsx): the schools, roster imports, the rostering key. */
export function SchoolsTab({
  districtId,
  schools,
  manage,
  rosterImports,
  undo,
  rosterKey,
  rosterKeyConfirm,
  keyMade,
}: {
  districtId: string;
  schools: ComponentProps<typeof SchoolList>["list"];
  manage: boolean;
  /** Null for who may not see roster imports. */
  rosterImports: { data: { imports: NonNullable<Imports["imports"]>; undoableId: string | null } | null; error: string | null } | null;
  undo: Imports["undo"];
  rosterKey: ComponentProps<typeof RosterKey>["state"] | null;
  rosterKeyConfirm: ComponentProps<typeof RosterKey>["confirm"];
  keyMade: ComponentProps<typeof RosterKey>["made"];
}) {
  return (
    <>
      <SchoolList list={schools} manage={manage} />
      {rosterImports ? (
        <RosterImports
          districtId={districtId}
          imports={rosterImports.data?.imports ?? null}
          undoableId={rosterImports.data?.undoableId ?? null}
          error={rosterImports.error}
          undo={undo}
        />
      ) : null}
      {rosterKey ? <RosterKey state={rosterKey} confirm={rosterKeyConfirm} made={keyMade} /> : null}
    </>
  );
}

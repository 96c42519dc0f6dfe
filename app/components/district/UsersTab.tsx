import type { ComponentProps } from "react";
import { UserList } from "#app/components/admin/UserList";

/**
 * The district page's Users tab, loaded when shown (app/routes/district.$districtId.tsx). A module
 * of its own: the super admin page imports UserList too, so a lazily loaded UserList would be a
 * file of one re-export, its code in a chunk beside it.
 */
export function UsersTab({
  schoolOptions,
  ...list
}: Omit<ComponentProps<typeof UserList>, "empty" | "schools" | "schoolsError"> & {
  /** Every school of the district, while the user dialog is open (its school picker). */
  schoolOptions: { rows: readonly { organizationUnitId: string; name: string }[] | null; error: string | null };
}) {
  return (
    <UserList
      {...list}
      empty="No users belong to this district yet. Click the button to create the first one!"
      schools={(schoolOptions.rows ?? []).map((s) => ({ value: s.organizationUnitId, label: s.name }))}
      schoolsError={schoolOptions.error}
    />
  );
}

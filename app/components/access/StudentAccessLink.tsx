import { Link, useRouteLoaderData } from "@remix-run/react";
import { may } from "#app/domain/permissions";
import type { RoleName } from "#app/domain/roles";

/**
 * The student page's way to the student's access history (issue 41 item 2), for the roles that
 * may read it: district admins and super admins. The API refuses the others anyway; this only
 * keeps them from a page they could not use.
 */
export function StudentAccessLink({ studentId }: { studentId: string }) {
  const root = useRouteLoaderData("root") as { user?: { role: RoleName | null } | null } | undefined;
  if (!may(root?.user?.role ?? null, "readRecordAccess")) return null;
  return (
    <p className="sp-access-link">
      <Link to={`/student/${studentId}/access`}>Access history</Link>
    </p>
  );
}

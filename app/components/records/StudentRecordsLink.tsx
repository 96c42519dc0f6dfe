import { Link, useRouteLoaderData } from "@remix-run/react";
import { may } from "#app/domain/permissions";
import type { RoleName } from "#app/domain/roles";

/**
 * The student page's way to the records page (export everything, delete for good; issue 41
 * item 3), for the roles that may use it: district admins and super admins. The API refuses the
 * others anyway; this only keeps them from a page they could not use.
 */
export function StudentRecordsLink({ studentId }: { studentId: string }) {
  const root = useRouteLoaderData("root") as { user?: { role: RoleName | null } | null } | undefined;
  if (!may(root?.user?.role ?? null, "studentRecords")) return null;
  return (
    <p className="sp-records-link">
      <Link to={`/student/${studentId}/records`}>Export or delete this student&apos;s records</Link>
    </p>
  );
}

import { Link } from "@remix-run/react";

/**
 * The student page's ways to the records page (export everything, delete for good; issue 41
 * item 3) and to the student's access history (item 2), for the roles the loader found may use
 * them: district admins and super admins. The API refuses the others anyway; this only keeps them
 * from pages they could not use.
 */
export function StudentRecordLinks({ studentId, shown }: { studentId: string; shown: { records: boolean; access: boolean } }) {
  return (
    <>
      {shown.records ? (
        <p className="sp-records-link">
          <Link to={`/student/${studentId}/records`}>Export or delete this student&apos;s records</Link>
        </p>
      ) : null}
      {shown.access ? (
        <p className="sp-access-link">
          <Link to={`/student/${studentId}/access`}>Access history</Link>
        </p>
      ) : null}
    </>
  );
}

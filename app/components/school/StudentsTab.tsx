import type { ComponentProps } from "react";
import { StudentList } from "#app/components/admin/StudentList";

/** The school page's Students tab, loaded when shown (app/routes/school.$schoolId.tsx). */
export function StudentsTab(props: ComponentProps<typeof StudentList>) {
  return <StudentList {...props} />;
}

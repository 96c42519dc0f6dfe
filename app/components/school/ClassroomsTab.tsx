import type { ComponentProps } from "react";
import { ClassroomList } from "#app/components/admin/ClassroomList";

/** The school page's Classrooms tab, loaded when shown (app/routes/school.$schoolId.tsx). */
export function ClassroomsTab(props: ComponentProps<typeof ClassroomList>) {
  return <ClassroomList {...props} />;
}

import type { ApiSchema } from "#app/lib/api.server";
import type { Option } from "../FormField";
import { AdminList, type ListPart } from "./AdminList";
import { LazyClassroomDialog } from "./dialogs";

/** A classroom row; `gradeNames` as the loader labels them. */
type Classroom = ApiSchema<"ClassroomSummary"> & { gradeNames: string };

const NO_CLASSROOMS = "No classrooms belong to this school yet. Click the button to create the first one!";
const NO_CLASSROOMS_TEACHER =
  "No classrooms belong to this school yet. Contact your school administrator if you think this may be a mistake.";

export const teacherNames = (people: readonly { firstName: string; lastName: string }[]) =>
  people.map((t) => `${t.firstName} ${t.lastName}`);

/**
 * A school's Classrooms tab (spec 001 §5): name (to the classroom's page), grades, teachers; the
 * School CSV, Create, Edit and Delete for who manages classrooms, read-only for a teacher.
 */
export function ClassroomList({
  list,
  manage,
  schoolId,
  teachers,
  teachersError,
  actorIsTeacher,
}: {
  list: ListPart<Classroom>;
  manage: boolean;
  schoolId: string;
  teachers: readonly Option[];
  teachersError: string | null;
  actorIsTeacher: boolean;
}) {
  const dialog = { teachers, teachersError, actorIsTeacher };
  return (
    <AdminList
      entity="classroom"
      list={list}
      caption="Classrooms"
      empty={actorIsTeacher ? NO_CLASSROOMS_TEACHER : NO_CLASSROOMS}
      row={(c) => ({ id: c.participantGroupId, text: c.name, href: `/classroom/${c.participantGroupId}` })}
      columns={[
        { header: "Grades", text: (c) => c.gradeNames },
        { header: "Teachers", text: (c) => teacherNames(c.User).join(", ") },
      ]}
      actionsHeader="Edit"
      search={{ label: "Search classrooms", hint: "Finds classroom names containing the text." }}
      manage={manage}
      toolbar={
        <a className="button" href={`/download/school/${schoolId}`}>
          Download School CSV
        </a>
      }
      create={{ label: "Create Classroom", dialog: <LazyClassroomDialog {...dialog} /> }}
      edit={(c) => (
        <LazyClassroomDialog
          classroom={{
            participantGroupId: c.participantGroupId,
            name: c.name,
            teacherIds: c.User.map((t) => t.userId),
            version: c.version,
          }}
          {...dialog}
        />
      )}
      remove={{ title: "Delete Classroom", name: (c) => c.name }}
      preload={LazyClassroomDialog.preload}
    />
  );
}

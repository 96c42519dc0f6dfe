import { PERIOD_LABELS, PERIODS } from "#app/domain/periods";
import type { ApiSchema } from "#app/lib/api.server";
import type { Option } from "../FormField";
import { AdminList, teacherNames, type ListPart } from "./AdminList";
import { LazyClassroomDialog } from "./dialogs";

/** A classroom row; `gradeNames` as the loader labels them. */
type Classroom = ApiSchema<"ClassroomSummary"> & { gradeNames: string };

const NO_CLASSROOMS = "No classrooms belong to this school yet. Click the button to create the first one!";
const NO_CLASSROOMS_TEACHER =
  "No classrooms belong to this school yet. Contact your school administrator if you think this may be a mistake.";

/** The School CSV form: the toolbar's period and button, and each row's classroom button. */
const SCHOOL_CSV_FORM = "school-csv";

/**
 * A school's Classrooms tab (spec 001 §5): name (to the classroom's page), grades, teachers; the
 * School CSV, Create, Edit and Delete for who manages classrooms, read-only for a teacher.
 *
 * The School CSV files are the ones spec 001 §9 names, '{classroom}_student_details_{period}.csv'
 * (issue 34 item 16): Download School CSV gives the whole school's, each row's CSV button its
 * classroom's, both for the period chosen beside the button (the district's current one unless
 * another is picked). One GET form without JavaScript: the row buttons belong to it by its id.
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
        <form id={SCHOOL_CSV_FORM} method="get" action={`/download/school/${schoolId}`} className="period-form">
          <div className="field">
            <label htmlFor="school-csv-period">Period</label>
            <select id="school-csv-period" name="period" defaultValue="">
              <option value="">Current period</option>
              {PERIODS.map((period) => (
                <option key={period} value={period}>
                  {PERIOD_LABELS[period]}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="button">
            Download School CSV
          </button>
        </form>
      }
      rowActions={(c) => (
        <button
          type="submit"
          form={SCHOOL_CSV_FORM}
          name="classroom"
          value={c.participantGroupId}
          className="button button--small"
          aria-label={`Download CSV of ${c.name}`}
        >
          CSV
        </button>
      )}
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

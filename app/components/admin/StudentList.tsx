import type { ComponentProps } from "react";
import { lastFirst } from "#app/domain/sort";
import type { ApiSchema } from "#app/lib/api.server";
import { AdminList, teacherNames, type ListPart } from "./AdminList";
import { LazyStudentDialog } from "./dialogs";
import type { StudentDialog } from "./StudentDialog";
import { BIRTH_DATE_MISSING, birthDateText } from "#app/domain/birth-date";

type Student = ApiSchema<"SchoolStudent">;

const NO_STUDENTS = "No students belong to this school yet. Click the button to create the first one!";
const TEACHER_WITHOUT_CLASSROOM =
  "Oops! You need a classroom before you can create any students. Contact your school administrator to set up a classroom.";
const DELETE_WARNING = "Deleting a student removes them and their results from every classroom and report.";

/**
 * A school's Students tab (spec 000 §2, §5): name (to the student's page), participant code, date of
 * birth, teachers; Edit for every role, Create and Delete as the loader allows. A teacher without a
 * classroom is told why there is nothing to list.
 */
export function StudentList({
  list,
  may,
  teacherWithoutClassroom,
  dialog,
  createDefaults,
  birthDates,
}: {
  list: ListPart<Student>;
  may: { createStudents: boolean; deleteStudents: boolean };
  /** Students without a birth date (a roster brought them without one, issue 35), and whether only they are listed. */
  birthDates?: { missing: number; filtered: boolean };
  teacherWithoutClassroom: boolean;
  dialog: Omit<ComponentProps<typeof StudentDialog>, "student" | "defaultSchoolId" | "defaultClassroomId">;
  /** The school (and classroom, from the classroom page's link) a new student starts in. */
  createDefaults: { defaultSchoolId: string; defaultClassroomId?: string };
}) {
  const notice =
    birthDates && (birthDates.missing > 0 || birthDates.filtered) ? (
      <p className="notice" role="note" data-testid="birth-date-notice">
        {birthDates.missing === 0
          ? "Every student of this school has a birth date now. "
          : `${birthDates.missing.toLocaleString("en-US")} ${birthDates.missing === 1 ? "student has" : "students have"} no birth date (the roster gave none; the list says '${BIRTH_DATE_MISSING}'): edit ${birthDates.missing === 1 ? "the student" : "each one"} to enter it. `}
        {birthDates.filtered ? (
          <a href="?tab=students">Show all students</a>
        ) : (
          <a href={"?tab=students&birthDate=missing"}>Show only students without a birth date</a>
        )}
      </p>
    ) : null;
  return (
    <>
      {notice}
      <AdminList
        entity="student"
        list={teacherWithoutClassroom ? { ...list, rows: [] } : list}
        caption="Students"
        empty={teacherWithoutClassroom ? TEACHER_WITHOUT_CLASSROOM : NO_STUDENTS}
        row={(s) => ({ id: s.participantId, text: lastFirst(s), href: `/student/${s.participantId}` })}
        columns={[
          { header: "Participant Code", text: (s) => s.participantCode, sort: "code" },
          { header: "Date of Birth", text: (s) => birthDateText(s.dateOfBirth) },
          { header: "Teachers", text: (s) => [...new Set(s.ParticipantGroup.flatMap((g) => teacherNames(g.User)))].join(", ") },
        ]}
        actionsHeader="Edit"
        search={{ label: "Search students", hint: "Finds names, email addresses, participant codes and Student IDs containing the text." }}
        create={may.createStudents ? { label: "Create Student", dialog: <LazyStudentDialog {...dialog} {...createDefaults} /> } : null}
        edit={(s) => <LazyStudentDialog {...dialog} student={s} />}
        preload={LazyStudentDialog.preload}
        remove={
          may.deleteStudents ? { title: "Delete Student", name: (s) => `${s.firstName} ${s.lastName}`, warning: DELETE_WARNING } : null
        }
      />
    </>
  );
}

import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLocation, useLoaderData } from "@remix-run/react";
import { AdminList } from "#app/components/admin/AdminList";
import { ClassroomDialog } from "#app/components/admin/ClassroomDialog";
import { StudentDialog, type ClassroomOption } from "#app/components/admin/StudentDialog";
import { Breadcrumbs } from "#app/components/Breadcrumbs";
import { ErrorAlert } from "#app/components/ErrorAlert";
import { ErrorPage } from "#app/components/ErrorPage";
import { Tabs } from "#app/components/Tabs";
import { can } from "#app/domain/admin-permissions";
import { breadcrumbs } from "#app/domain/breadcrumbs";
import { gradeLabel } from "#app/domain/grades";
import { lastFirst, sortByName } from "#app/domain/sort";
import { dialogOf, selectedTab, sortOf } from "#app/domain/url-state";
import { classroomIntents, dispatchIntent, studentGrades, studentIntents } from "#app/lib/admin-actions.server";
import { adminRequest, loadPart } from "#app/lib/admin.server";
import adminCss from "#app/styles/admin.css";

const TABS = [
  { id: "classrooms", label: "Classrooms" },
  { id: "students", label: "Students" },
] as const;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminCss }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.school?.name ?? "School"} | Early Literacy Screening` }];

const TEXT = {
  noClassroomsTeacher: "No classrooms belong to this school yet. Contact your school administrator if you think this may be a mistake.",
  noClassrooms: "No classrooms belong to this school yet. Click the button to create the first one!",
  noStudents: "No students belong to this school yet. Click the button to create the first one!",
  teacherWithoutClassroom:
    "Oops! You need a classroom before you can create any students. Contact your school administrator to set up a classroom.",
};

const CLASSROOM_DIALOGS = ["create-classroom", "edit-classroom"];
const STUDENT_DIALOGS = ["create-student", "edit-student"];
const names = (people: readonly { firstName: string; lastName: string }[]) => people.map((t) => `${t.firstName} ${t.lastName}`);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, api } = await adminRequest(request, context);
  const schoolId = params.schoolId ?? "";
  const { search } = new URL(request.url);
  const tab = selectedTab(TABS, search).id;
  const { dialog } = dialogOf(search);
  const direction = sortOf(search);
  const school = { params: { path: { id: schoolId } } };
  const wantStudents = tab === "students" || dialog.endsWith("-student");
  const wantTeachers = CLASSROOM_DIALOGS.includes(dialog) && can.manageClassrooms(user.role);
  const [found, classrooms, students, teachers] = await Promise.all([
    loadPart(request, api.GET("/organizationUnit/{id}", school), "Unable to load school data."),
    loadPart(request, api.GET("/participantGroups/organizationUnit/{id}", school), "Unable to load classrooms in school."),
    wantStudents ? loadPart(request, api.GET("/participants/organizationUnit/{id}", school), "Unable to load students in school.") : null,
    wantTeachers ? loadPart(request, api.GET("/user/organizationUnit/{id}", school), "Unable to load available teachers in school.") : null,
  ]);
  const districtId = found.data?.organizationId ?? user.districtId ?? "";
  // The student form's school and classroom choices (only classrooms enabled for screening).
  let studentOptions: { schools: { value: string; label: string }[]; classrooms: ClassroomOption[]; error: string | null } | null = null;
  if (STUDENT_DIALOGS.includes(dialog) && districtId) {
    const failure = "Error fetching available schools and classrooms.";
    const district = { params: { path: { id: districtId } } };
    const [schools, rooms] = await Promise.all([
      loadPart(request, api.GET("/organization/orgUnits/{id}", district), failure),
      loadPart(request, api.GET("/participantGroups/organization/{id}", district), failure),
    ]);
    studentOptions = {
      schools: (schools.data ?? []).map((s) => ({ value: s.organizationUnitId, label: s.name })),
      classrooms: sortByName(
        (rooms.data ?? []).filter((c) => c.enabledInEBPlatform),
        (c) => c.name,
      ).map((c) => ({ value: c.participantGroupId, label: c.name, schoolId: c.organizationUnitId })),
      error: schools.error ?? rooms.error,
    };
  }
  // What this user may do here, decided on the server: the page needs no permission rules of its own.
  const classroomCount = classrooms.data?.length ?? 0;
  const may = {
    manageClassrooms: can.manageClassrooms(user.role),
    createStudents: can.createStudents(user.role, classroomCount),
    deleteStudents: can.deleteStudents(user.role),
  };
  return {
    may,
    isTeacher: user.role === "TEACHER",
    schoolId,
    tab,
    school: found.data,
    schoolError: found.error,
    classrooms:
      classrooms.data &&
      sortByName(classrooms.data, (c) => c.name, tab === "classrooms" ? direction : "asc").map((c) => ({
        ...c,
        gradeNames: c.grades.map(gradeLabel).join(", "),
      })),
    classroomsError: classrooms.error,
    students: students?.data ? sortByName(students.data, lastFirst, direction) : null,
    studentsError: students?.error ?? null,
    teachers: teachers?.data
      ? sortByName(
          teachers.data.filter((u) => u.Role[0]?.roleName === "TEACHER"),
          lastFirst,
        ).map((u) => ({ value: u.userId, label: lastFirst(u) }))
      : [],
    teachersError: teachers?.error ?? null,
    studentOptions,
    grades: studentGrades(request),
    crumbs: breadcrumbs({
      role: user.role,
      schoolCount: user.schoolIds.length,
      district: { id: districtId, name: found.data?.Organization?.name ?? "" },
      school: { id: schoolId, name: found.data?.name ?? "" },
    }),
  };
}

export const action = ({ request, params, context }: ActionFunctionArgs) =>
  dispatchIntent(request, { ...classroomIntents(params.schoolId ?? ""), ...studentIntents() }, { context });

export default function School() {
  const d = useLoaderData<typeof loader>();
  // The classroom page's Create Student link names its classroom (`?classroomId=`).
  const classroomParam = new URLSearchParams(useLocation().search).get("classroomId") ?? undefined;
  const { isTeacher } = d;
  const classroomDialog = { teachers: d.teachers, teachersError: d.teachersError, actorIsTeacher: isTeacher };
  const studentDialog = {
    grades: d.grades,
    schools: d.studentOptions?.schools ?? (d.school ? [{ value: d.school.organizationUnitId, label: d.school.name }] : []),
    classrooms: d.studentOptions?.classrooms ?? [],
    optionsError: d.studentOptions?.error ?? null,
    actorIsTeacher: isTeacher,
  };
  // A teacher without a classroom cannot have students yet: say why instead of an empty list.
  const teacherWithoutClassroom = isTeacher && d.classrooms?.length === 0;
  return (
    <section aria-labelledby="page-title">
      <Breadcrumbs crumbs={d.crumbs} />
      <div className="page-header">
        <h1 id="page-title">{d.school?.name ?? "School"}</h1>
      </div>
      <ErrorAlert message={d.schoolError} />
      <Tabs tabs={TABS} current={d.tab} label="School sections" />
      {d.tab === "classrooms" ? (
        <AdminList
          entity="classroom"
          rows={d.classrooms}
          error={d.classroomsError}
          caption="Classrooms"
          empty={isTeacher ? TEXT.noClassroomsTeacher : TEXT.noClassrooms}
          rowId={(c) => c.participantGroupId}
          name={(c) => ({ text: c.name, href: `/classroom/${c.participantGroupId}` })}
          columns={[
            { header: "Grades", text: (c) => c.gradeNames },
            { header: "Teachers", text: (c) => names(c.User).join(", ") },
          ]}
          actionsHeader="Edit"
          manage={d.may.manageClassrooms}
          toolbar={
            <a className="button" href={`/download/school/${d.schoolId}`}>
              Download School CSV
            </a>
          }
          create={{ label: "Create Classroom", dialog: <ClassroomDialog {...classroomDialog} /> }}
          edit={(c) => (
            <ClassroomDialog
              classroom={{ participantGroupId: c.participantGroupId, name: c.name, teacherIds: c.User.map((t) => t.userId) }}
              {...classroomDialog}
            />
          )}
          remove={{ title: "Delete Classroom", name: (c) => c.name }}
        />
      ) : (
        <AdminList
          entity="student"
          rows={teacherWithoutClassroom ? [] : d.students}
          error={d.studentsError}
          caption="Students"
          empty={teacherWithoutClassroom ? TEXT.teacherWithoutClassroom : TEXT.noStudents}
          rowId={(s) => s.participantId}
          name={(s) => ({ text: lastFirst(s), href: `/student/${s.participantId}` })}
          columns={[
            { header: "Participant Code", text: (s) => s.participantCode },
            { header: "Date of Birth", text: (s) => s.dateOfBirth },
            { header: "Teachers", text: (s) => [...new Set(s.ParticipantGroup.flatMap((g) => names(g.User)))].join(", ") },
          ]}
          actionsHeader="Edit"
          create={
            d.may.createStudents
              ? {
                  label: "Create Student",
                  dialog: <StudentDialog {...studentDialog} defaultSchoolId={d.schoolId} defaultClassroomId={classroomParam} />,
                }
              : null
          }
          edit={(s) => <StudentDialog {...studentDialog} student={s} />}
          remove={
            d.may.deleteStudents
              ? {
                  title: "Delete Student",
                  name: (s) => `${s.firstName} ${s.lastName}`,
                  warning: "Deleting a student removes them and their results from every classroom and report.",
                }
              : null
          }
        />
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}

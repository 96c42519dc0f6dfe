import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import type { ClassroomSummary, OrganizationUnit, SchoolStudent, User } from "#app/api/mappers";
import { ClassroomDialog } from "#app/components/admin/ClassroomDialog";
import { DeleteDialog } from "#app/components/admin/DeleteDialog";
import { StudentDialog, type ClassroomOption } from "#app/components/admin/StudentDialog";
import { Breadcrumbs } from "#app/components/Breadcrumbs";
import { Cell, DataTable, EmptyState, NameCell, SortableNameHeader } from "#app/components/DataTable";
import { ErrorPage } from "#app/components/ErrorPage";
import { selectedTab, Tabs } from "#app/components/Tabs";
import { DialogLink } from "#app/components/UrlDialog";
import { can } from "#app/domain/admin-permissions";
import { breadcrumbs } from "#app/domain/breadcrumbs";
import { gradeLabel } from "#app/domain/grades";
import { lastFirst, sortByName, sortDirection } from "#app/domain/sort";
import { classroomAction, studentAction, studentGrades } from "#app/lib/admin-actions.server";
import { loadPart } from "#app/lib/admin.server";
import { apiFor } from "#app/lib/api.server";
import { requireUser } from "#app/lib/auth.server";
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

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const schoolId = params.schoolId ?? "";
  const url = new URL(request.url);
  const tab = selectedTab(TABS, url.search).id;
  const dialog = url.searchParams.get("dialog") ?? "";
  const direction = sortDirection(url.searchParams.get("sort"));
  const api = await apiFor(request);
  const wantStudents = tab === "students" || dialog.endsWith("-student");
  const wantTeachers = CLASSROOM_DIALOGS.includes(dialog) && can.manageClassrooms(user.role);
  const [school, classrooms, students, teachers] = await Promise.all([
    loadPart<OrganizationUnit>(request, api, `/organizationUnit/${schoolId}`, "Unable to load school data."),
    loadPart<ClassroomSummary[]>(request, api, `/participantGroups/organizationUnit/${schoolId}`, "Unable to load classrooms in school."),
    wantStudents
      ? loadPart<SchoolStudent[]>(request, api, `/participants/organizationUnit/${schoolId}`, "Unable to load students in school.")
      : null,
    wantTeachers
      ? loadPart<User[]>(request, api, `/user/organizationUnit/${schoolId}`, "Unable to load available teachers in school.")
      : null,
  ]);
  const districtId = school.data?.organizationId ?? user.districtId ?? "";
  // The student form's school and classroom choices (only classrooms enabled for screening).
  let studentOptions: { schools: { value: string; label: string }[]; classrooms: ClassroomOption[]; error: string | null } | null = null;
  if (STUDENT_DIALOGS.includes(dialog) && districtId) {
    const failure = "Error fetching available schools and classrooms.";
    const [schools, rooms] = await Promise.all([
      loadPart<OrganizationUnit[]>(request, api, `/organization/orgUnits/${districtId}`, failure),
      loadPart<ClassroomSummary[]>(request, api, `/participantGroups/organization/${districtId}`, failure),
    ]);
    studentOptions = {
      schools: (schools.data ?? []).map((s) => ({ value: s.organizationUnitId, label: s.name })),
      classrooms: sortByName(
        (rooms.data ?? []).filter((c) => c.enabledInEBPlatform),
        (c) => c.name,
      ).map((c) => ({
        value: c.participantGroupId,
        label: c.name,
        schoolId: c.organizationUnitId,
      })),
      error: schools.error ?? rooms.error,
    };
  }
  const schoolName = school.data?.name ?? "";
  return {
    role: user.role,
    schoolId,
    tab,
    school: school.data,
    schoolError: school.error,
    classrooms: classrooms.data && sortByName(classrooms.data, (c) => c.name, tab === "classrooms" ? direction : "asc"),
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
      district: { id: districtId, name: school.data?.Organization?.name ?? "" },
      school: { id: schoolId, name: schoolName },
    }),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const api = await apiFor(request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const ctx = { request, api, user, form };
  switch (intent) {
    case "create-classroom":
    case "edit-classroom":
    case "delete-classroom":
      return classroomAction(ctx, intent, params.schoolId ?? "");
    case "create-student":
    case "edit-student":
    case "delete-student":
      return studentAction(ctx, intent);
    default:
      throw data({ message: "Unknown action" }, { status: 400 });
  }
}

export default function School() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const search = new URLSearchParams(useLocation().search);
  const dialogId = search.get("id") ?? "";
  // The classroom page's Create Student link names its classroom (`?classroomId=`).
  const classroomParam = search.get("classroomId") ?? undefined;
  const manageClassrooms = can.manageClassrooms(d.role);
  const isTeacher = d.role === "TEACHER";
  const classroomCount = d.classrooms?.length ?? 0;
  const createStudents = can.createStudents(d.role, classroomCount);
  const studentDialogProps = {
    grades: d.grades,
    schools: d.studentOptions?.schools ?? (d.school ? [{ value: d.school.organizationUnitId, label: d.school.name }] : []),
    classrooms: d.studentOptions?.classrooms ?? [],
    optionsError: d.studentOptions?.error ?? null,
    actorIsTeacher: isTeacher,
    actionData,
  };
  return (
    <section aria-labelledby="page-title">
      <Breadcrumbs crumbs={d.crumbs} />
      <div className="page-header">
        <h1 id="page-title">{d.school?.name ?? "School"}</h1>
      </div>
      {d.schoolError ? (
        <p className="alert alert--error" role="alert">
          {d.schoolError}
        </p>
      ) : null}
      <Tabs tabs={TABS} current={d.tab} label="School sections" />

      {d.tab === "classrooms" ? (
        <>
          {d.classroomsError ? (
            <p className="alert alert--error" role="alert">
              {d.classroomsError}
            </p>
          ) : null}
          {manageClassrooms ? (
            <div className="toolbar">
              <a className="button" href={`/download/school/${d.schoolId}`}>
                Download School CSV
              </a>
              <DialogLink dialog="create-classroom" className="button button--primary">
                Create Classroom
              </DialogLink>
            </div>
          ) : null}
          {d.classrooms ? <ClassroomsTable classrooms={d.classrooms} manage={manageClassrooms} teacher={isTeacher} /> : null}
          {manageClassrooms ? (
            <>
              <ClassroomDialog teachers={d.teachers} teachersError={d.teachersError} actorIsTeacher={isTeacher} actionData={actionData} />
              {(d.classrooms ?? [])
                .filter((c) => c.participantGroupId === dialogId)
                .map((c) => (
                  <div key={c.participantGroupId}>
                    <ClassroomDialog
                      classroom={{ participantGroupId: c.participantGroupId, name: c.name, teacherIds: c.User.map((t) => t.userId) }}
                      teachers={d.teachers}
                      teachersError={d.teachersError}
                      actorIsTeacher={isTeacher}
                      actionData={actionData}
                    />
                    <DeleteDialog
                      intent="delete-classroom"
                      id={c.participantGroupId}
                      title="Delete Classroom"
                      name={c.name}
                      actionData={actionData}
                    />
                  </div>
                ))}
            </>
          ) : null}
        </>
      ) : null}

      {d.tab === "students" ? (
        <>
          {d.studentsError ? (
            <p className="alert alert--error" role="alert">
              {d.studentsError}
            </p>
          ) : null}
          {createStudents ? (
            <div className="toolbar">
              <DialogLink dialog="create-student" className="button button--primary">
                Create Student
              </DialogLink>
            </div>
          ) : null}
          {isTeacher && d.classrooms && classroomCount === 0 ? (
            <EmptyState>{TEXT.teacherWithoutClassroom}</EmptyState>
          ) : d.students ? (
            <StudentsTable students={d.students} canDelete={can.deleteStudents(d.role)} />
          ) : null}
          {createStudents ? (
            <StudentDialog {...studentDialogProps} defaultSchoolId={d.schoolId} defaultClassroomId={classroomParam} />
          ) : null}
          {(d.students ?? [])
            .filter((s) => s.participantId === dialogId)
            .map((s) => (
              <div key={s.participantId}>
                <StudentDialog {...studentDialogProps} student={s} />
                {can.deleteStudents(d.role) ? (
                  <DeleteDialog
                    intent="delete-student"
                    id={s.participantId}
                    title="Delete Student"
                    name={`${s.firstName} ${s.lastName}`}
                    warning="Deleting a student removes them and their results from every classroom and report."
                    actionData={actionData}
                  />
                ) : null}
              </div>
            ))}
        </>
      ) : null}
    </section>
  );
}

function ClassroomsTable({ classrooms, manage, teacher }: { classrooms: ClassroomSummary[]; manage: boolean; teacher: boolean }) {
  if (classrooms.length === 0) return <EmptyState>{teacher ? TEXT.noClassroomsTeacher : TEXT.noClassrooms}</EmptyState>;
  return (
    <DataTable caption="Classrooms">
      <thead>
        <tr>
          <SortableNameHeader />
          <th scope="col">Grades</th>
          <th scope="col">Teachers</th>
          {manage ? <th scope="col">Edit</th> : null}
        </tr>
      </thead>
      <tbody>
        {classrooms.map((c) => {
          const teachers = c.User.map((t) => `${t.firstName} ${t.lastName}`).join(", ");
          return (
            <tr key={c.participantGroupId}>
              <NameCell text={c.name} href={`/classroom/${c.participantGroupId}`} />
              <Cell text={c.grades.map(gradeLabel).join(", ")} />
              <Cell text={teachers} />
              {manage ? (
                <td>
                  <span className="row-actions">
                    <DialogLink
                      dialog="edit-classroom"
                      params={{ id: c.participantGroupId }}
                      className="button button--small"
                      aria-label={`Edit ${c.name}`}
                    >
                      Edit
                    </DialogLink>
                    <DialogLink
                      dialog="delete-classroom"
                      params={{ id: c.participantGroupId }}
                      className="button button--small"
                      aria-label={`Delete ${c.name}`}
                    >
                      Delete
                    </DialogLink>
                  </span>
                </td>
              ) : null}
            </tr>
          );
        })}
      </tbody>
    </DataTable>
  );
}

function StudentsTable({ students, canDelete }: { students: SchoolStudent[]; canDelete: boolean }) {
  if (students.length === 0) return <EmptyState>{TEXT.noStudents}</EmptyState>;
  return (
    <DataTable caption="Students">
      <thead>
        <tr>
          <SortableNameHeader />
          <th scope="col">Participant Code</th>
          <th scope="col">Date of Birth</th>
          <th scope="col">Teachers</th>
          <th scope="col">Edit</th>
        </tr>
      </thead>
      <tbody>
        {students.map((s) => {
          const name = lastFirst(s);
          const teachers = [...new Set(s.ParticipantGroup.flatMap((g) => g.User.map((t) => `${t.firstName} ${t.lastName}`)))].join(", ");
          return (
            <tr key={s.participantId}>
              <NameCell text={name} href={`/student/${s.participantId}`} />
              <Cell text={s.participantCode} />
              <Cell text={s.dateOfBirth} />
              <Cell text={teachers} />
              <td>
                <span className="row-actions">
                  <DialogLink
                    dialog="edit-student"
                    params={{ id: s.participantId }}
                    className="button button--small"
                    aria-label={`Edit ${name}`}
                  >
                    Edit
                  </DialogLink>
                  {canDelete ? (
                    <DialogLink
                      dialog="delete-student"
                      params={{ id: s.participantId }}
                      className="button button--small"
                      aria-label={`Delete ${name}`}
                    >
                      Delete
                    </DialogLink>
                  ) : null}
                </span>
              </td>
            </tr>
          );
        })}
      </tbody>
    </DataTable>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}

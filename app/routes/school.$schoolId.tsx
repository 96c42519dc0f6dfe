import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLocation, useLoaderData } from "@remix-run/react";
import { AdminPage } from "#app/components/admin/AdminPage";
import type { ClassroomOption } from "#app/components/admin/StudentDialog";
import { lazyDialog } from "#app/components/lazy-dialog";
import { ErrorPage, stylesheets } from "#app/components/page-kit";
import { can } from "#app/domain/admin-permissions";
import { breadcrumbs } from "#app/domain/breadcrumbs";
import { gradeLabel } from "#app/domain/grades";
import { LIST_SORTS, listApiQuery, parseListQuery } from "#app/domain/paging";
import { lastFirst, sortByName } from "#app/domain/sort";
import { dialogOf, isUuid, selectedTab } from "#app/domain/url-state";
import { classroomIntents, dispatchIntent, studentGrades, studentIntents } from "#app/lib/admin-actions.server";
import { adminRequest, loadPart, pagedPart } from "#app/lib/admin.server";
import { loadFollowUpListTab } from "#app/lib/follow-up-lists.server";
import { lazyModuleUrls } from "#app/server/lazy-chunks.server";
import followUpListsCss from "#app/styles/follow-up-lists.css";

const TABS = [
  { id: "classrooms", label: "Classrooms" },
  { id: "students", label: "Students" },
  // Students per band and movement into and out of risk (issue 39 item 3): read only when asked for.
  { id: "summary", label: "Summary" },
  // This school year's follow-ups after a flag (issue 38 item 3): for the roles that see whole schools.
  { id: "followUps", label: "Follow-up" },
] as const;
type SchoolTab = (typeof TABS)[number]["id"];

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheets.admin },
  { rel: "stylesheet", href: stylesheets.charts },
  { rel: "stylesheet", href: followUpListsCss },
];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.school?.name ?? "School"} | Early Literacy Screening` }];

const CLASSROOM_DIALOGS = ["create-classroom", "edit-classroom"];
const STUDENT_DIALOGS = ["create-student", "edit-student"];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, api } = await adminRequest(request, context);
  // Not an id at all: the shared 404 page, not a page of load alerts.
  if (!isUuid(params.schoolId)) throw new Response(null, { status: 404, statusText: "Not Found" });
  const schoolId = params.schoolId;
  const { search } = new URL(request.url);
  const tabs = TABS.filter((t) => t.id !== "followUps" || can.schoolFollowUps(user.role));
  const tab = selectedTab(tabs, search).id;
  const { dialog } = dialogOf(search);
  // Both lists are read one page at a time (issue 15), with the search and sort of the URL.
  const classroomQuery = parseListQuery(search, LIST_SORTS.classrooms);
  const studentQuery = parseListQuery(search, LIST_SORTS.students);
  // `?birthDate=missing`: only the students a roster brought without a birth date (issue 35).
  const birthDateMissing = new URLSearchParams(search).get("birthDate") === "missing";
  const school = { params: { path: { id: schoolId } } };
  const wantStudents = tab === "students" || dialog.endsWith("-student");
  const wantTeachers = CLASSROOM_DIALOGS.includes(dialog) && can.manageClassrooms(user.role);
  const [found, classrooms, students, teachers] = await Promise.all([
    loadPart(request, api.GET("/organizationUnit/{id}", school), "Unable to load school data."),
    loadPart(
      request,
      api.GET("/participantGroups/organizationUnit/{id}/page", {
        params: { path: { id: schoolId }, query: tab === "classrooms" ? listApiQuery(classroomQuery) : { limit: 0 } },
      }),
      "Unable to load classrooms in school.",
    ),
    wantStudents
      ? loadPart(
          request,
          api.GET("/participants/organizationUnit/{id}/page", {
            params: {
              path: { id: schoolId },
              query: { ...listApiQuery(studentQuery), ...(birthDateMissing ? { birthDate: "missing" as const } : {}) },
            },
          }),
          "Unable to load students in school.",
        )
      : null,
    wantTeachers ? loadPart(request, api.GET("/user/organizationUnit/{id}", school), "Unable to load available teachers in school.") : null,
  ]);
  const districtId = found.data?.organizationId ?? user.districtId ?? "";
  const column = new URLSearchParams(search).get("column") ?? undefined;
  const summary =
    tab === "summary" && districtId
      ? await loadPart(
          request,
          api.GET("/report/bands/{id}", { params: { path: { id: districtId }, query: { schoolId, column } } }),
          "Unable to load school data.",
        )
      : null;
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
  const followUps = tab === "followUps" && districtId ? await loadFollowUpListTab(request, api, { districtId, schoolId }, search) : null;
  // What this user may do here, decided on the server: the page needs no permission rules of its own.
  // The Students tab reads one classroom only: what matters there is whether the user has any.
  const classroomCount = classrooms.data?.total ?? 0;
  const may = {
    manageClassrooms: can.manageClassrooms(user.role),
    createStudents: can.createStudents(user.role, classroomCount),
    deleteStudents: can.deleteStudents(user.role),
  };
  return {
    may,
    isTeacher: user.role === "TEACHER",
    schoolId,
    tabs,
    tab,
    followUps,
    school: found.data,
    schoolError: found.error,
    classrooms: pagedPart(
      {
        data: classrooms.data
          ? { ...classrooms.data, rows: classrooms.data.rows.map((c) => ({ ...c, gradeNames: c.grades.map(gradeLabel).join(", ") })) }
          : null,
        error: classrooms.error,
      },
      classroomQuery,
    ),
    classroomCount,
    students: pagedPart(students ?? { data: null, error: null }, studentQuery),
    birthDates: { missing: students?.data?.withoutBirthDate ?? 0, filtered: birthDateMissing },
    teachers: teachers?.data
      ? sortByName(
          teachers.data.filter((u) => u.Role[0]?.roleName === "TEACHER"),
          lastFirst,
        ).map((u) => ({ value: u.userId, label: lastFirst(u) }))
      : [],
    teachersError: teachers?.error ?? null,
    studentOptions,
    summary: summary && { data: summary.data, error: summary.error },
    grades: studentGrades(request),
    // The script files of the tab's panel (Panel), for the document to load with the route's.
    panelScripts: lazyModuleUrls(TAB_MODULES[tab]),
    crumbs: breadcrumbs({
      role: user.role,
      schoolCount: user.schoolIds.length,
      district: { id: districtId, name: found.data?.Organization?.name ?? "" },
      school: { id: schoolId, name: found.data?.name ?? "" },
    }),
  };
}

/** The module of each tab's panel (Panel), as esbuild's metafile names it (app/server/lazy-chunks.server.ts). */
const TAB_MODULES: Record<SchoolTab, string> = {
  classrooms: "app/components/school/ClassroomsTab.tsx",
  students: "app/components/school/StudentsTab.tsx",
  summary: "app/components/school/SummaryTab.tsx",
  followUps: "app/components/school/FollowUpTab.tsx",
};

export const action = ({ request, params, context }: ActionFunctionArgs) =>
  dispatchIntent(request, { ...classroomIntents(params.schoolId ?? ""), ...studentIntents() }, { context });

// Each tab's panel is a module of its own that the browser loads with import() (issue 39), as on
// the district page (app/routes/district.$districtId.tsx): a tab's first visit carries its own
// panel's code, not the three others'. lazyDialog renders the panel whole on the server, so the
// page works without JavaScript as before; in the browser the server's HTML stays until the
// panel's code arrives, which the document preloads with the route's (TAB_MODULES). A panel
// module takes what it shares with other pages through the page kit (app/components/page-kit.ts).
const Panel = {
  classrooms: lazyDialog(() => import("../components/school/ClassroomsTab").then((m) => m.ClassroomsTab)),
  students: lazyDialog(() => import("../components/school/StudentsTab").then((m) => m.StudentsTab)),
  summary: lazyDialog(() => import("../components/school/SummaryTab").then((m) => m.SummaryTab)),
  followUps: lazyDialog(() => import("../components/school/FollowUpTab").then((m) => m.FollowUpTab)),
} satisfies Record<SchoolTab, unknown>;

export default function School() {
  const d = useLoaderData<typeof loader>();
  // The classroom page's Create Student link names its classroom (`?classroomId=`).
  const classroomParam = new URLSearchParams(useLocation().search).get("classroomId") ?? undefined;
  const studentDialog = {
    grades: d.grades,
    schools: d.studentOptions?.schools ?? (d.school ? [{ value: d.school.organizationUnitId, label: d.school.name }] : []),
    classrooms: d.studentOptions?.classrooms ?? [],
    optionsError: d.studentOptions?.error ?? null,
    actorIsTeacher: d.isTeacher,
  };
  return (
    <AdminPage
      crumbs={d.crumbs}
      title={d.school?.name ?? "School"}
      error={d.schoolError}
      tabs={d.tabs}
      tab={d.tab}
      tabsLabel="School sections"
      dropOnTabSwitch={["status"]}
    >
      {d.panelScripts.map((href) => (
        <link key={href} rel="modulepreload" href={href} />
      ))}
      {d.tab === "followUps" ? (
        <Panel.followUps tab={d.followUps} />
      ) : d.tab === "summary" ? (
        <Panel.summary summary={d.summary} schoolName={d.school?.name} />
      ) : d.tab === "classrooms" ? (
        <Panel.classrooms
          list={d.classrooms}
          manage={d.may.manageClassrooms}
          schoolId={d.schoolId}
          teachers={d.teachers}
          teachersError={d.teachersError}
          actorIsTeacher={d.isTeacher}
        />
      ) : (
        <Panel.students
          list={d.students}
          may={d.may}
          // A teacher without a classroom cannot have students yet: the list says why.
          teacherWithoutClassroom={d.isTeacher && d.classrooms.rows !== null && d.classroomCount === 0}
          dialog={studentDialog}
          createDefaults={{ defaultSchoolId: d.schoolId, defaultClassroomId: classroomParam }}
          birthDates={d.birthDates}
        />
      )}
    </AdminPage>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}

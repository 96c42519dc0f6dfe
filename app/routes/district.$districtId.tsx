import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import type { Organization, OrganizationUnit, User } from "#app/api/mappers";
import { DeleteDialog } from "#app/components/admin/DeleteDialog";
import { InviteButton } from "#app/components/admin/InviteButton";
import { SchoolDialog } from "#app/components/admin/SchoolDialog";
import { UserDialog } from "#app/components/admin/UserDialog";
import { Breadcrumbs } from "#app/components/Breadcrumbs";
import { Cell, DataTable, EmptyState, NameCell, PendingChip, SchoolsChip, SortableNameHeader } from "#app/components/DataTable";
import { ErrorPage } from "#app/components/ErrorPage";
import { selectedTab, Tabs } from "#app/components/Tabs";
import { DialogLink } from "#app/components/UrlDialog";
import { rolesOfferedTo } from "#app/domain/admin-fields";
import { can, districtTabs } from "#app/domain/admin-permissions";
import { breadcrumbs } from "#app/domain/breadcrumbs";
import { gradeLabel, STUDENT_GRADE_VALUES } from "#app/domain/grades";
import { percentage } from "#app/domain/percent";
import { isPeriod, PERIOD_LABELS, PERIODS, type Period } from "#app/domain/periods";
import { ROLE_LABELS } from "#app/domain/roles";
import { lastFirst, sortByName, sortDirection } from "#app/domain/sort";
import { schoolAction, userAction } from "#app/lib/admin-actions.server";
import { loadPart } from "#app/lib/admin.server";
import { apiFor } from "#app/lib/api.server";
import { requireUser } from "#app/lib/auth.server";
import { signOutAndRedirect } from "#app/lib/session.server";
import adminCss from "#app/styles/admin.css";

const TAB_LABELS = { schools: "Schools", users: "Users", reports: "Reports" } as const;

type Counts = { total: number; started: number; finished: number };
type CompletionReport = {
  timePeriod: Period;
  finishedByOrgUnit: Record<string, Counts & { participantGroups: Record<string, Counts> }>;
  finishedByGrade: Record<string, Counts>;
  key: { orgUnits: Record<string, string>; participantGroups: Record<string, string> };
};

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminCss }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.district?.name ?? "District"} | Early Literacy Screening` },
];

const REPORT_REFRESH_TEXT = "The report CSV is refreshed every 24 hours.";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const districtId = params.districtId ?? "";
  const url = new URL(request.url);
  const tabs = districtTabs(user.role).map((id) => ({ id, label: TAB_LABELS[id] }));
  const tab = selectedTab(tabs, url.search).id;
  const direction = sortDirection(url.searchParams.get("sort"));
  const api = await apiFor(request);
  const [district, schools, users] = await Promise.all([
    loadPart<Organization>(request, api, `/organization/${districtId}`, "Unable to load district data."),
    loadPart<OrganizationUnit[]>(request, api, `/organization/orgUnits/${districtId}`, "Error fetching available schools."),
    tab === "users" ? loadPart<User[]>(request, api, `/user/organization/${districtId}`, "Unable to load district admin data.") : null,
  ]);
  const periodParam = url.searchParams.get("period");
  const period: Period = isPeriod(periodParam) ? periodParam : "BOY";
  let report: CompletionReport | null = null;
  let reportError: string | null = null;
  if (tab === "reports") {
    const result = await api.post<CompletionReport>("/report/students-complete", { orgId: districtId, timePeriod: period });
    if (result.ok) report = result.data;
    else if (result.status === 401) return signOutAndRedirect(request);
    else reportError = "Unable to load district data.";
  }
  const districtName = district.data?.name ?? "";
  return {
    role: user.role,
    tabs,
    tab,
    district: district.data,
    districtId,
    districtError: district.error,
    schools: schools.data && sortByName(schools.data, (s) => s.name, tab === "schools" ? direction : "asc"),
    schoolsError: schools.error,
    users: users?.data ? sortByName(users.data, lastFirst, direction) : null,
    usersError: users?.error ?? null,
    period,
    report,
    reportError,
    crumbs: breadcrumbs({ role: user.role, schoolCount: user.schoolIds.length, district: { id: districtId, name: districtName } }),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const api = await apiFor(request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const ctx = { request, api, user, form };
  const districtId = params.districtId ?? "";
  switch (intent) {
    case "create-school":
    case "edit-school":
    case "delete-school":
      return schoolAction(ctx, intent, districtId);
    case "create-user":
    case "edit-user":
    case "delete-user":
    case "invite-user":
    case "resend-invite":
      return userAction(ctx, intent, { organizationId: districtId });
    default:
      throw data({ message: "Unknown action" }, { status: 400 });
  }
}

export default function District() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const dialogId = new URLSearchParams(useLocation().search).get("id") ?? "";
  const schoolOptions = (d.schools ?? []).map((s) => ({ value: s.organizationUnitId, label: s.name }));
  return (
    <section aria-labelledby="page-title">
      <Breadcrumbs crumbs={d.crumbs} />
      <div className="page-header">
        <h1 id="page-title">{d.district?.name ?? "District"}</h1>
        <div className="toolbar">
          {can.downloadDistrictCsv(d.role) ? (
            <a className="button" href={`/download/district/${d.districtId}`}>
              Download District CSV
            </a>
          ) : null}
          {can.downloadDataExport(d.role) ? (
            <a className="button" href={`/download/district-export/${d.districtId}`}>
              District Data Export
            </a>
          ) : null}
        </div>
      </div>
      {d.districtError ? (
        <p className="alert alert--error" role="alert">
          {d.districtError}
        </p>
      ) : null}
      <Tabs tabs={d.tabs} current={d.tab} label="District sections" drop={["period"]} />

      {d.tab === "schools" ? (
        <>
          {d.schoolsError ? (
            <p className="alert alert--error" role="alert">
              {d.schoolsError}
            </p>
          ) : null}
          {can.manageSchools(d.role) ? (
            <div className="toolbar">
              <DialogLink dialog="create-school" className="button button--primary">
                Create School
              </DialogLink>
            </div>
          ) : null}
          {d.schools ? <SchoolsTable schools={d.schools} manage={can.manageSchools(d.role)} /> : null}
          {can.manageSchools(d.role) ? (
            <>
              <SchoolDialog actionData={actionData} />
              {(d.schools ?? [])
                .filter((s) => s.organizationUnitId === dialogId)
                .map((s) => (
                  <div key={s.organizationUnitId}>
                    <SchoolDialog school={s} actionData={actionData} />
                    <DeleteDialog
                      intent="delete-school"
                      id={s.organizationUnitId}
                      title="Delete School"
                      name={s.name}
                      actionData={actionData}
                    />
                  </div>
                ))}
            </>
          ) : null}
        </>
      ) : null}

      {d.tab === "users" ? (
        <>
          {d.usersError ? (
            <p className="alert alert--error" role="alert">
              {d.usersError}
            </p>
          ) : null}
          {can.manageUsers(d.role) ? (
            <div className="toolbar">
              <DialogLink dialog="create-user" className="button button--primary">
                Create User
              </DialogLink>
            </div>
          ) : null}
          {d.users ? <UsersTable users={d.users} manage={can.manageUsers(d.role)} /> : null}
          {can.manageUsers(d.role) ? (
            <>
              <UserDialog roles={rolesOfferedTo(d.role)} schools={schoolOptions} schoolsError={d.schoolsError} actionData={actionData} />
              {(d.users ?? [])
                .filter((u) => u.userId === dialogId)
                .map((u) => (
                  <div key={u.userId}>
                    <UserDialog
                      user={u}
                      roles={rolesOfferedTo(d.role)}
                      schools={schoolOptions}
                      schoolsError={d.schoolsError}
                      actionData={actionData}
                    />
                    <DeleteDialog
                      intent="delete-user"
                      id={u.userId}
                      title="Delete User"
                      name={`${u.firstName} ${u.lastName}`}
                      warning="Re-adding a deleted user requires contacting the product's customer support."
                      actionData={actionData}
                    />
                  </div>
                ))}
            </>
          ) : null}
        </>
      ) : null}

      {d.tab === "reports" ? <Reports period={d.period} report={d.report} error={d.reportError} /> : null}
    </section>
  );
}

function SchoolsTable({ schools, manage }: { schools: OrganizationUnit[]; manage: boolean }) {
  if (schools.length === 0)
    return <EmptyState>No schools belong to this district yet. Click the button to create the first one!</EmptyState>;
  return (
    <DataTable caption="Schools">
      <thead>
        <tr>
          <SortableNameHeader />
          {manage ? (
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {schools.map((s) => (
          <tr key={s.organizationUnitId}>
            <NameCell text={s.name} href={`/school/${s.organizationUnitId}`} />
            {manage ? (
              <td>
                <span className="row-actions">
                  <DialogLink
                    dialog="edit-school"
                    params={{ id: s.organizationUnitId }}
                    className="button button--small"
                    aria-label={`Edit ${s.name}`}
                  >
                    Edit
                  </DialogLink>
                  <DialogLink
                    dialog="delete-school"
                    params={{ id: s.organizationUnitId }}
                    className="button button--small"
                    aria-label={`Delete ${s.name}`}
                  >
                    Delete
                  </DialogLink>
                </span>
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

function UsersTable({ users, manage }: { users: User[]; manage: boolean }) {
  if (users.length === 0) return <EmptyState>No users belong to this district yet. Click the button to create the first one!</EmptyState>;
  return (
    <DataTable caption="Users">
      <thead>
        <tr>
          <SortableNameHeader />
          <th scope="col">Email</th>
          <th scope="col">Role</th>
          <th scope="col">Schools</th>
          {manage ? (
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {users.map((u) => {
          const role = u.Role[0]?.roleName ?? null;
          const schoolNames = u.OrganizationUnits.map((s) => s.name).join(", ");
          const name = lastFirst(u);
          return (
            <tr key={u.userId}>
              <th scope="row" className="cell cell--name" title={name}>
                {name} {u.authStatus === "Pending" ? <PendingChip /> : null}
              </th>
              <Cell text={u.email} />
              <Cell text={role ? ROLE_LABELS[role] : ""} />
              <Cell text={role === "ORG_ADMIN" ? "All" : schoolNames}>
                <SchoolsChip schools={u.OrganizationUnits} all={role === "ORG_ADMIN"} />
              </Cell>
              {manage ? (
                <td>
                  <span className="row-actions">
                    <InviteButton user={u} />
                    <DialogLink dialog="edit-user" params={{ id: u.userId }} className="button button--small" aria-label={`Edit ${name}`}>
                      Edit
                    </DialogLink>
                    <DialogLink
                      dialog="delete-user"
                      params={{ id: u.userId }}
                      className="button button--small"
                      aria-label={`Delete ${name}`}
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

function Reports({ period, report, error }: { period: Period; report: CompletionReport | null; error: string | null }) {
  return (
    <div>
      <Form method="get" className="period-form" preventScrollReset>
        <input type="hidden" name="tab" value="reports" />
        <div className="field">
          <label htmlFor="report-period">Period</label>
          <select id="report-period" name="period" defaultValue={period}>
            {PERIODS.map((p) => (
              <option key={p} value={p}>
                {PERIOD_LABELS[p]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button">
          Show
        </button>
      </Form>
      <p className="report-note muted">{REPORT_REFRESH_TEXT}</p>
      {error ? (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      ) : null}
      {report ? <ReportTables report={report} /> : null}
    </div>
  );
}

function CountCells({ c }: { c: Counts }) {
  return (
    <>
      <td className="num">{c.total}</td>
      <td className="num">{c.started}</td>
      <td className="num">{percentage(c.started, c.total)}%</td>
      <td className="num">{c.finished}</td>
      <td className="num">{percentage(c.finished, c.total)}%</td>
    </>
  );
}

function CountHeaders() {
  return (
    <>
      <th scope="col" className="num">
        Students
      </th>
      <th scope="col" className="num">
        Started
      </th>
      <th scope="col" className="num">
        Started %
      </th>
      <th scope="col" className="num">
        Finished
      </th>
      <th scope="col" className="num">
        Finished %
      </th>
    </>
  );
}

function ReportTables({ report }: { report: CompletionReport }) {
  const schoolName = (id: string) => report.key.orgUnits[id] ?? id;
  const schools = sortByName(Object.entries(report.finishedByOrgUnit), ([id]) => schoolName(id));
  const grades = Object.entries(report.finishedByGrade).sort(
    ([a], [b]) => (STUDENT_GRADE_VALUES as readonly string[]).indexOf(a) - (STUDENT_GRADE_VALUES as readonly string[]).indexOf(b),
  );
  return (
    <>
      <section className="report-section" aria-labelledby="by-school">
        <h2 id="by-school">Completion by school</h2>
        {schools.length === 0 ? (
          <EmptyState>No results!</EmptyState>
        ) : (
          <DataTable caption="Completion by school">
            <thead>
              <tr>
                <th scope="col">School</th>
                <CountHeaders />
              </tr>
            </thead>
            <tbody>
              {schools.map(([id, c]) => (
                <tr key={id}>
                  <NameCell text={schoolName(id)} />
                  <CountCells c={c} />
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
      </section>
      <section className="report-section" aria-labelledby="by-classroom">
        <h2 id="by-classroom">Completion by classroom</h2>
        {schools.every(([, c]) => Object.keys(c.participantGroups).length === 0) ? (
          <EmptyState>No results!</EmptyState>
        ) : (
          <DataTable caption="Completion by classroom">
            <thead>
              <tr>
                <th scope="col">Classroom</th>
                <th scope="col">School</th>
                <CountHeaders />
              </tr>
            </thead>
            <tbody>
              {schools.flatMap(([schoolId, s]) =>
                sortByName(Object.entries(s.participantGroups), ([id]) => report.key.participantGroups[id] ?? id).map(([id, c]) => (
                  <tr key={id}>
                    <NameCell text={report.key.participantGroups[id] ?? id} />
                    <Cell text={schoolName(schoolId)} />
                    <CountCells c={c} />
                  </tr>
                )),
              )}
            </tbody>
          </DataTable>
        )}
      </section>
      <section className="report-section" aria-labelledby="by-grade">
        <h2 id="by-grade">Completion by grade</h2>
        {grades.length === 0 ? (
          <EmptyState>No results!</EmptyState>
        ) : (
          <DataTable caption="Completion by grade">
            <thead>
              <tr>
                <th scope="col">Grade</th>
                <CountHeaders />
              </tr>
            </thead>
            <tbody>
              {grades.map(([grade, c]) => (
                <tr key={grade}>
                  <th scope="row">{gradeLabel(grade)}</th>
                  <CountCells c={c} />
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}

import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminList } from "#app/components/admin/AdminList";
import { CompletionReport } from "#app/components/admin/CompletionReport";
import { SchoolDialog } from "#app/components/admin/SchoolDialog";
import { UserList } from "#app/components/admin/UserList";
import { Breadcrumbs } from "#app/components/Breadcrumbs";
import { ErrorAlert } from "#app/components/ErrorAlert";
import { ErrorPage } from "#app/components/ErrorPage";
import { Tabs } from "#app/components/Tabs";
import { rolesOfferedTo } from "#app/domain/admin-fields";
import { can, districtTabs } from "#app/domain/admin-permissions";
import { breadcrumbs } from "#app/domain/breadcrumbs";
import { completionTables } from "#app/domain/completion-report";
import { PERIOD_LABELS, PERIODS } from "#app/domain/periods";
import { lastFirst, sortByName } from "#app/domain/sort";
import { periodOf, selectedTab, sortOf } from "#app/domain/url-state";
import { dispatchIntent, schoolIntents, userIntents } from "#app/lib/admin-actions.server";
import { adminRequest, loadPart } from "#app/lib/admin.server";
import adminCss from "#app/styles/admin.css";

const TAB_LABELS = { schools: "Schools", users: "Users", reports: "Reports" } as const;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminCss }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.district?.name ?? "District"} | Early Literacy Screening` },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, api } = await adminRequest(request, context);
  const districtId = params.districtId ?? "";
  const { search } = new URL(request.url);
  const tabs = districtTabs(user.role).map((id) => ({ id, label: TAB_LABELS[id] }));
  const tab = selectedTab(tabs, search).id;
  const direction = sortOf(search);
  const period = periodOf(search);
  const byId = { params: { path: { id: districtId } } };
  const [district, schools, users, report] = await Promise.all([
    loadPart(request, api.GET("/organization/{id}", byId), "Unable to load district data."),
    loadPart(request, api.GET("/organization/orgUnits/{id}", byId), "Error fetching available schools."),
    tab === "users" ? loadPart(request, api.GET("/user/organization/{id}", byId), "Unable to load district admin data.") : null,
    tab === "reports"
      ? loadPart(
          request,
          api.POST("/report/students-complete", { body: { orgId: districtId, timePeriod: period } }),
          "Unable to load district data.",
          {
            denied: "alert",
          },
        )
      : null,
  ]);
  // What this user may do here, decided on the server: the page needs no permission rules of its own.
  const may = {
    manageSchools: can.manageSchools(user.role),
    manageUsers: can.manageUsers(user.role),
    downloadDistrictCsv: can.downloadDistrictCsv(user.role),
    downloadDataExport: can.downloadDataExport(user.role),
  };
  return {
    may,
    roles: rolesOfferedTo(user.role),
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
    periods: PERIODS.map((p) => ({ value: p, label: PERIOD_LABELS[p] })),
    report: report?.data ? completionTables(report.data) : null,
    reportError: report?.error ?? null,
    crumbs: breadcrumbs({
      role: user.role,
      schoolCount: user.schoolIds.length,
      district: { id: districtId, name: district.data?.name ?? "" },
    }),
  };
}

export const action = ({ request, params, context }: ActionFunctionArgs) =>
  dispatchIntent(
    request,
    { ...schoolIntents(params.districtId ?? ""), ...userIntents({ organizationId: params.districtId ?? "" }) },
    { context },
  );

export default function District() {
  const d = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="page-title">
      <Breadcrumbs crumbs={d.crumbs} />
      <div className="page-header">
        <h1 id="page-title">{d.district?.name ?? "District"}</h1>
        <div className="toolbar">
          {d.may.downloadDistrictCsv ? (
            <a className="button" href={`/download/district/${d.districtId}`}>
              Download District CSV
            </a>
          ) : null}
          {d.may.downloadDataExport ? (
            <a className="button" href={`/download/district-export/${d.districtId}`}>
              District Data Export
            </a>
          ) : null}
        </div>
      </div>
      <ErrorAlert message={d.districtError} />
      <Tabs tabs={d.tabs} current={d.tab} label="District sections" drop={["period"]} />
      {d.tab === "schools" ? (
        <AdminList
          entity="school"
          rows={d.schools}
          error={d.schoolsError}
          caption="Schools"
          empty="No schools belong to this district yet. Click the button to create the first one!"
          rowId={(s) => s.organizationUnitId}
          name={(s) => ({ text: s.name, href: `/school/${s.organizationUnitId}` })}
          columns={[]}
          manage={d.may.manageSchools}
          create={{ label: "Create School", dialog: <SchoolDialog /> }}
          edit={(s) => <SchoolDialog school={s} />}
          remove={{ title: "Delete School", name: (s) => s.name }}
        />
      ) : null}
      {d.tab === "users" ? (
        <UserList
          users={d.users}
          error={d.usersError}
          manage={d.may.manageUsers}
          empty="No users belong to this district yet. Click the button to create the first one!"
          roles={d.roles}
          schools={(d.schools ?? []).map((s) => ({ value: s.organizationUnitId, label: s.name }))}
          schoolsError={d.schoolsError}
        />
      ) : null}
      {d.tab === "reports" ? <CompletionReport period={d.period} periods={d.periods} tables={d.report} error={d.reportError} /> : null}
    </section>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}

import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminPage } from "#app/components/admin/AdminPage";
import { lazyDialog } from "#app/components/lazy-dialog";
import { ErrorPage, stylesheets } from "#app/components/page-kit";
import { rolesOfferedTo } from "#app/domain/admin-fields";
import { can, districtTabs, type DistrictTab } from "#app/domain/admin-permissions";
import { breadcrumbs } from "#app/domain/breadcrumbs";
import { completionTables } from "#app/domain/completion-report";
import { may as roleMay, mayManageUserOf } from "#app/domain/permissions";
import { PERIOD_LABELS, PERIODS, type Period } from "#app/domain/periods";
import { LIST_SORTS, listApiQuery, parseListQuery } from "#app/domain/paging";
import { dialogOf, isUuid, periodOf, selectedTab } from "#app/domain/url-state";
import { dispatchIntent, schoolIntents, userIntents } from "#app/lib/admin-actions.server";
import { adminRequest, loadPart, pagedPart, sortedPart } from "#app/lib/admin.server";
import { rosterIntents, type RosterKeyMade } from "#app/lib/roster-actions.server";
import { reportTables, rosterImportRow, rosterUndoView } from "./district.$districtId.server";
import { calendarIntents, loadCalendarTab } from "#app/lib/calendar.server";
import { loadStandardsTab, standardsIntents } from "#app/lib/screening-standards.server";
import { followUpPolicyIntents, loadFollowUpTab, type FollowUpFormReply } from "#app/lib/follow-up.server";
import { loadFollowUpListTab } from "#app/lib/follow-up-lists.server";
import { lazyModuleUrls } from "#app/server/lazy-chunks.server";
import followUpCss from "#app/styles/follow-up.css";
import followUpListsCss from "#app/styles/follow-up-lists.css";
import calendarCss from "#app/styles/calendar.css";
import reportsCss from "#app/styles/reports.css";
import standardsCss from "#app/styles/standards.css";

const TAB_LABELS = {
  schools: "Schools",
  summary: "Summary",
  users: "Users",
  reports: "Reports",
  calendar: "Screening Calendar",
  standards: "Norms and cutoffs",
  followUps: "Follow-up",
  followUp: "Follow-up policy",
} as const;

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheets.admin },
  { rel: "stylesheet", href: stylesheets.rostering },
  { rel: "stylesheet", href: calendarCss },
  { rel: "stylesheet", href: reportsCss },
  { rel: "stylesheet", href: standardsCss },
  { rel: "stylesheet", href: followUpCss },
  { rel: "stylesheet", href: followUpListsCss },
  { rel: "stylesheet", href: stylesheets.charts },
];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.district?.name ?? "District"} | Early Literacy Screening` },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, api } = await adminRequest(request, context);
  // Not an id at all: the shared 404 page, not a page of load alerts.
  if (!isUuid(params.districtId)) throw new Response(null, { status: 404, statusText: "Not Found" });
  const districtId = params.districtId;
  const { search } = new URL(request.url);
  const tabs = districtTabs(user.role).map((id) => ({ id, label: TAB_LABELS[id] }));
  const tab = selectedTab(tabs, search).id;
  // Users and Schools are read one page at a time (issue 15); the user dialog's school picker
  // still needs every school, so the whole list is read only while that dialog is open.
  const userQuery = parseListQuery(search, LIST_SORTS.users);
  const schoolQuery = parseListQuery(search, LIST_SORTS.schools);
  const userDialog = ["create-user", "edit-user"].includes(dialogOf(search).dialog);
  const period = periodOf(search);
  const byId = { params: { path: { id: districtId } } };
  const [district, schools, schoolPage, users, report] = await Promise.all([
    loadPart(request, api.GET("/organization/{id}", byId), "Unable to load district data."),
    tab === "users" && userDialog
      ? loadPart(request, api.GET("/organization/orgUnits/{id}", byId), "Error fetching available schools.")
      : null,
    tab === "schools"
      ? loadPart(
          request,
          api.GET("/organization/orgUnits/{id}/page", { params: { path: { id: districtId }, query: listApiQuery(schoolQuery) } }),
          "Error fetching available schools.",
        )
      : null,
    tab === "users"
      ? loadPart(
          request,
          api.GET("/user/organization/{id}/page", { params: { path: { id: districtId }, query: listApiQuery(userQuery) } }),
          "Unable to load district admin data.",
        )
      : null,
    tab === "reports"
      ? loadPart(
          request,
          // The summary (issue 15): one page of schools, the district's grades and the school opened with ?school=.
          api.GET("/report/completion/{organizationId}", {
            params: { path: { organizationId: districtId }, query: reportQuery(search, period) },
          }),
          "Unable to load district data.",
          {
            denied: "alert",
          },
        )
      : null,
  ]);
  // The Summary tab (issue 39 item 3): students per band per school and grade, one flag or subtest at a time.
  const summary =
    tab === "summary"
      ? await loadPart(
          request,
          api.GET("/report/bands/{id}", {
            params: { path: { id: districtId }, query: { column: new URLSearchParams(search).get("column") ?? undefined } },
          }),
          "Unable to load district data.",
        )
      : null;
  // Roster imports and their Undo (issue 16), under the Schools tab for district admins and super admins.
  const rosterPart =
    tab === "schools" && roleMay(user.role, "manageRosterImports")
      ? await loadPart(request, api.GET("/organization/{id}/roster-imports", byId), "Unable to load roster imports.")
      : null;
  // Each import's report goes out as HTML (rosterImportRow): the page needs no code to draw it.
  const rosterImports = rosterPart && {
    error: rosterPart.error,
    data: rosterPart.data && { ...rosterPart.data, imports: rosterPart.data.imports.map(rosterImportRow) },
  };
  // ?undo={id}: the counts an Undo would change, for the admin to confirm (issue 35 item 3).
  const undoId = new URLSearchParams(search).get("undo");
  const undoPart =
    rosterImports && isUuid(undoId ?? undefined)
      ? await loadPart(
          request,
          api.GET("/roster-imports/{id}/undo-preview", { params: { path: { id: undoId! } } }),
          "Unable to load what the undo would change.",
        )
      : null;
  const undoPreview = undoPart && { error: undoPart.error, data: undoPart.data && rosterUndoView(undoPart.data) };
  // The district's rostering key (issue 35 item 1), which the imports' answer carries; ?rosterKey=rotate|revoke asks first.
  const rosterKey = rosterImports ? { data: rosterImports.data?.rosterKey ?? null, error: rosterImports.error } : null;
  const keyStep = new URLSearchParams(search).get("rosterKey");
  const rosterKeyConfirm: "rotate" | "revoke" | null = keyStep === "rotate" || keyStep === "revoke" ? keyStep : null;
  // The Screening Calendar tab (issue 16): its own module loads it.
  const calendar = tab === "calendar" ? await loadCalendarTab(request, api, districtId, search) : null;
  // The Norms and cutoffs tab (issue 34 item 4): its own module loads it.
  const standards = tab === "standards" ? await loadStandardsTab(request, api, districtId) : null;
  // The Follow-up policy tab (issue 38): its own module loads it.
  const followUp = tab === "followUp" ? await loadFollowUpTab(request, api, districtId, search) : null;
  // The Follow-up tab (issue 38 item 3): this school year's follow-ups, filtered, searched, sorted and paged by the URL.
  const followUps = tab === "followUps" ? await loadFollowUpListTab(request, api, { districtId }, search) : null;
  // What this user may do here, decided on the server: the page needs no permission rules of its own.
  const may = {
    manageSchools: can.manageSchools(user.role),
    manageUsers: can.manageUsers(user.role),
    downloadDistrictCsv: can.downloadDistrictCsv(user.role),
    downloadDataExport: can.downloadDataExport(user.role),
    readRecordAccess: roleMay(user.role, "readRecordAccess"),
  };
  return {
    may,
    roles: rolesOfferedTo(user.role),
    tabs,
    tab,
    district: district.data,
    districtId,
    districtError: district.error,
    schools: pagedPart(schoolPage ?? { data: null, error: null }, schoolQuery, (s) => ({
      organizationUnitId: s.organizationUnitId,
      name: s.name,
      version: s.version,
    })),
    schoolOptions: sortedPart(schools ?? { data: null, error: null }, (s) => s.name),
    users: pagedPart(users ?? { data: null, error: null }, userQuery),
    // Peers of the user's own rank (of the rows shown): listed, but the API refuses to change them (issue 14).
    lockedUsers: (users?.data?.rows ?? []).filter((u) => !mayManageUserOf(user.role, u.Role[0]?.roleName ?? null)).map((u) => u.userId),
    period,
    periods: PERIODS.map((p) => ({ value: p, label: PERIOD_LABELS[p] })),
    rosterImports,
    undoPreview,
    rosterKey,
    rosterKeyConfirm,
    calendar,
    standards,
    followUp,
    followUps,
    summary,
    report: report?.data ? reportTables(completionTables(report.data)) : null,
    reportError: report?.error ?? null,
    // The script files of the tab's panel (Panel), for the document to load with the route's.
    panelScripts: lazyModuleUrls(TAB_MODULES[tab]),
    crumbs: breadcrumbs({
      role: user.role,
      schoolCount: user.schoolIds.length,
      district: { id: districtId, name: district.data?.name ?? "" },
    }),
  };
}

/** The module of each tab's panel (Panel), as esbuild's metafile names it (app/server/lazy-chunks.server.ts). */
const TAB_MODULES: Record<DistrictTab, string> = {
  schools: "app/components/district/SchoolsTab.tsx",
  summary: "app/components/district/SummaryTab.tsx",
  users: "app/components/district/UsersTab.tsx",
  reports: "app/components/district/ReportsTab.tsx",
  calendar: "app/components/district/CalendarTab.tsx",
  standards: "app/components/district/StandardsTab.tsx",
  followUps: "app/components/district/FollowUpTabs.tsx",
  followUp: "app/components/district/FollowUpTabs.tsx",
};

/** The Reports tab's own URL state: ?school= (a school's drill-down) and ?reportPage= (50 schools a page). */
function reportQuery(search: string, period: Period) {
  const params = new URLSearchParams(search);
  const school = params.get("school");
  const page = Number(params.get("reportPage"));
  return {
    timePeriod: period,
    ...(isUuid(school ?? undefined) ? { schoolId: school as string } : {}),
    ...(Number.isInteger(page) && page > 1 ? { page } : {}),
  };
}

export const action = ({ request, params, context }: ActionFunctionArgs) =>
  dispatchIntent<{ rosterKeyMade: RosterKeyMade } | FollowUpFormReply>(
    request,
    {
      ...schoolIntents(params.districtId ?? ""),
      ...userIntents({ organizationId: params.districtId ?? "" }),
      ...rosterIntents(params.districtId ?? ""),
      ...calendarIntents(params.districtId ?? ""),
      ...standardsIntents(params.districtId ?? ""),
      ...followUpPolicyIntents(params.districtId ?? ""),
    },
    { context },
  );

// Each tab's panel is a module of its own that the browser loads with import() (issue 39): a tab's
// first visit carries its own panel's code, not the seven others'. Tabs are ?tab= of one URL, so
// Remix's route modules cannot split them. lazyDialog renders the panel whole on the server (it
// has every module before the first request), so the page works without JavaScript as before; in
// the browser the server's HTML stays until the panel's code arrives, then hydrates. The document
// preloads that code with the route's (TAB_MODULES, <link rel="modulepreload">), so it arrives
// with the route's own files. A panel module takes what it shares with other pages through the
// page kit (directly or through a component it renders), or esbuild would cut the kit's file apart
// for every page (app/components/page-kit.ts).
const Panel = {
  schools: lazyDialog(() => import("../components/district/SchoolsTab").then((m) => m.SchoolsTab)),
  summary: lazyDialog(() => import("../components/district/SummaryTab").then((m) => m.SummaryTab)),
  users: lazyDialog(() => import("../components/district/UsersTab").then((m) => m.UsersTab)),
  reports: lazyDialog(() => import("../components/district/ReportsTab").then((m) => m.ReportsTab)),
  calendar: lazyDialog(() => import("../components/district/CalendarTab").then((m) => m.CalendarTab)),
  standards: lazyDialog(() => import("../components/district/StandardsTab").then((m) => m.StandardsTab)),
  followUps: lazyDialog(() => import("../components/district/FollowUpTabs").then((m) => m.FollowUpsTab)),
  followUp: lazyDialog(() => import("../components/district/FollowUpTabs").then((m) => m.FollowUpPolicyTab)),
} satisfies Record<DistrictTab, unknown>;

export default function District() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const keyMade = actionData && "rosterKeyMade" in actionData ? actionData.rosterKeyMade : undefined;
  return (
    <AdminPage
      crumbs={d.crumbs}
      title={d.district?.name ?? "District"}
      toolbar={
        <>
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
          {d.may.readRecordAccess ? (
            <Link className="button" to={`/district/${d.districtId}/access-log`}>
              Access log
            </Link>
          ) : null}
        </>
      }
      error={d.districtError}
      tabs={d.tabs}
      tab={d.tab}
      tabsLabel="District sections"
      dropOnTabSwitch={["period", "school", "reportPage", "year", "preset", "status"]}
    >
      {d.panelScripts.map((href) => (
        <link key={href} rel="modulepreload" href={href} />
      ))}
      {d.tab === "schools" ? (
        <Panel.schools
          districtId={d.districtId}
          schools={d.schools}
          manage={d.may.manageSchools}
          rosterImports={d.rosterImports}
          undo={d.undoPreview}
          rosterKey={d.rosterKey}
          rosterKeyConfirm={d.rosterKeyConfirm}
          keyMade={keyMade}
        />
      ) : null}
      {d.tab === "users" ? (
        <Panel.users users={d.users} manage={d.may.manageUsers} roles={d.roles} locked={d.lockedUsers} schoolOptions={d.schoolOptions} />
      ) : null}
      {d.tab === "summary" && d.summary ? <Panel.summary summary={d.summary} districtName={d.district?.name} /> : null}
      {d.tab === "reports" ? (
        <Panel.reports districtId={d.districtId} period={d.period} periods={d.periods} tables={d.report} error={d.reportError} />
      ) : null}
      {d.tab === "calendar" ? <Panel.calendar data={d.calendar} /> : null}
      {d.tab === "standards" ? <Panel.standards data={d.standards} /> : null}
      {d.tab === "followUps" ? <Panel.followUps tab={d.followUps} /> : null}
      {d.tab === "followUp" ? (
        <Panel.followUp data={d.followUp} reply={actionData && "followUpForm" in actionData ? actionData.followUpForm : undefined} />
      ) : null}
    </AdminPage>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}

import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminPage } from "#app/components/admin/AdminPage";
import { DistrictList } from "#app/components/admin/DistrictList";
import { UserList } from "#app/components/admin/UserList";
import { ErrorPage, stylesheets } from "#app/components/page-kit";
import { LIST_SORTS, listApiQuery, parseListQuery } from "#app/domain/paging";
import { selectedTab } from "#app/domain/url-state";
import { dispatchIntent, districtIntents, userIntents } from "#app/lib/admin-actions.server";
import { adminRequest, loadPart, pagedPart } from "#app/lib/admin.server";
import type { CurrentUser } from "#app/lib/api.server";

const TABS = [
  { id: "districts", label: "Districts" },
  { id: "super-admins", label: "Super Admins" },
] as const;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: stylesheets.admin }];
export const meta: MetaFunction = () => [{ title: "Super Admin View | Early Literacy Screening" }];

const LOAD_FAILED = "Unable to load super admin data.";

function onlySuperAdmins(user: CurrentUser) {
  if (user.role !== "SUPER_ADMIN") throw data({ message: "Forbidden" }, { status: 403 });
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, api } = await adminRequest(request, context);
  onlySuperAdmins(user);
  const { search } = new URL(request.url);
  const tab = selectedTab(TABS, search).id;
  // Both lists are read one page at a time (issue 15), with the search and sort of the URL.
  if (tab === "super-admins") {
    const query = parseListQuery(search, LIST_SORTS.superAdmins);
    const admins = await loadPart(request, api.GET("/user/superAdmins/page", { params: { query: listApiQuery(query) } }), LOAD_FAILED);
    return { tab, admins: pagedPart(admins, query) } as const;
  }
  const query = parseListQuery(search, LIST_SORTS.districts);
  const districts = await loadPart(request, api.GET("/organization/page", { params: { query: listApiQuery(query) } }), LOAD_FAILED);
  return { tab, districts: pagedPart(districts, query) } as const;
}

export const action = ({ request, context }: ActionFunctionArgs) =>
  dispatchIntent(
    request,
    { ...districtIntents(), ...userIntents({ organizationId: null, fixedRole: "SUPER_ADMIN" }) },
    {
      context,
      authorize: onlySuperAdmins,
    },
  );

export default function SuperAdmin() {
  const page = useLoaderData<typeof loader>();
  return (
    <AdminPage title="Super Admin View" tabs={TABS} tab={page.tab} tabsLabel="Super admin sections">
      {"districts" in page && page.districts ? (
        <DistrictList list={page.districts} />
      ) : "admins" in page && page.admins ? (
        <UserList users={page.admins} manage={page.admins.rows !== null} superAdmins empty="No super admins yet." />
      ) : null}
    </AdminPage>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}

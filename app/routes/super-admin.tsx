import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminList } from "#app/components/admin/AdminList";
import { DistrictDialog } from "#app/components/admin/DistrictDialog";
import { UserList } from "#app/components/admin/UserList";
import { ErrorPage } from "#app/components/ErrorPage";
import { Tabs } from "#app/components/Tabs";
import { lastFirst, sortByName } from "#app/domain/sort";
import { stateName } from "#app/domain/states";
import { selectedTab, sortOf } from "#app/domain/url-state";
import { dispatchIntent, districtIntents, userIntents } from "#app/lib/admin-actions.server";
import { adminRequest, loadPart } from "#app/lib/admin.server";
import type { CurrentUser } from "#app/lib/api.server";
import adminCss from "#app/styles/admin.css";

const TABS = [
  { id: "districts", label: "Districts" },
  { id: "super-admins", label: "Super Admins" },
] as const;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminCss }];
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
  const direction = sortOf(search);
  if (tab === "super-admins") {
    const admins = await loadPart(request, api.GET("/user/superAdmins"), LOAD_FAILED);
    return { tab, districts: null, admins: admins.data && sortByName(admins.data, lastFirst, direction), error: admins.error };
  }
  const districts = await loadPart(request, api.GET("/organization"), LOAD_FAILED);
  return { tab, districts: districts.data && sortByName(districts.data, (d) => d.name, direction), admins: null, error: districts.error };
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
  const { tab, districts, admins, error } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="page-title">
      <div className="page-header">
        <h1 id="page-title">Super Admin View</h1>
      </div>
      <Tabs tabs={TABS} current={tab} label="Super admin sections" />
      {tab === "districts" ? (
        <AdminList
          entity="district"
          rows={districts}
          error={error}
          caption="Districts"
          empty="No districts yet. Click the button to create the first one!"
          rowId={(d) => d.organizationId}
          name={(d) => ({ text: d.name, href: `/district/${d.organizationId}` })}
          columns={[
            { header: "State", text: (d) => stateName(d.state) },
            { header: "Website", text: (d) => d.website ?? "" },
          ]}
          // As the rows: nothing to manage when the list did not load.
          manage={districts !== null}
          create={{ label: "Create District", dialog: <DistrictDialog /> }}
          edit={(d) => <DistrictDialog district={d} />}
          remove={{ title: "Delete District", name: (d) => d.name }}
        />
      ) : (
        <UserList users={admins} error={error} manage={admins !== null} superAdmins empty="No super admins yet." />
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}

import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import type { Organization, User } from "#app/api/mappers";
import { DeleteDialog } from "#app/components/admin/DeleteDialog";
import { DistrictDialog } from "#app/components/admin/DistrictDialog";
import { InviteButton } from "#app/components/admin/InviteButton";
import { UserDialog } from "#app/components/admin/UserDialog";
import { Cell, DataTable, EmptyState, NameCell, PendingChip, SortableNameHeader } from "#app/components/DataTable";
import { ErrorPage } from "#app/components/ErrorPage";
import { selectedTab, Tabs } from "#app/components/Tabs";
import { DialogLink } from "#app/components/UrlDialog";
import { sortByName, sortDirection, lastFirst } from "#app/domain/sort";
import { stateName } from "#app/domain/states";
import { districtAction, userAction } from "#app/lib/admin-actions.server";
import { loadPart } from "#app/lib/admin.server";
import { apiFor } from "#app/lib/api.server";
import { requireUser } from "#app/lib/auth.server";
import adminCss from "#app/styles/admin.css";

const TABS = [
  { id: "districts", label: "Districts" },
  { id: "super-admins", label: "Super Admins" },
] as const;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminCss }];
export const meta: MetaFunction = () => [{ title: "Super Admin View | Early Literacy Screening" }];

const LOAD_FAILED = "Unable to load super admin data.";

async function requireSuperAdmin(request: Request) {
  const user = await requireUser(request);
  if (user.role !== "SUPER_ADMIN") throw data({ message: "Forbidden" }, { status: 403 });
  return user;
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSuperAdmin(request);
  const url = new URL(request.url);
  const tab = selectedTab(TABS, url.search).id;
  const direction = sortDirection(url.searchParams.get("sort"));
  const api = await apiFor(request);
  if (tab === "super-admins") {
    const admins = await loadPart<User[]>(request, api, "/user/superAdmins", LOAD_FAILED);
    return { tab, districts: null, admins: admins.data && sortByName(admins.data, lastFirst, direction), error: admins.error };
  }
  const districts = await loadPart<Organization[]>(request, api, "/organization", LOAD_FAILED);
  return { tab, districts: districts.data && sortByName(districts.data, (d) => d.name, direction), admins: null, error: districts.error };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireSuperAdmin(request);
  const api = await apiFor(request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const ctx = { request, api, user, form };
  switch (intent) {
    case "create-district":
    case "edit-district":
    case "delete-district":
      return districtAction(ctx, intent);
    case "create-user":
    case "edit-user":
    case "delete-user":
    case "invite-user":
    case "resend-invite":
      return userAction(ctx, intent, { organizationId: null, fixedRole: "SUPER_ADMIN" });
    default:
      throw data({ message: "Unknown action" }, { status: 400 });
  }
}

export default function SuperAdmin() {
  const { tab, districts, admins, error } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const params = new URLSearchParams(useLocation().search);
  const dialogId = params.get("id") ?? "";
  return (
    <section aria-labelledby="page-title">
      <div className="page-header">
        <h1 id="page-title">Super Admin View</h1>
      </div>
      <Tabs tabs={TABS} current={tab} label="Super admin sections" />
      {error ? (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      ) : null}
      {districts ? (
        <>
          <div className="toolbar">
            <DialogLink dialog="create-district" className="button button--primary">
              Create District
            </DialogLink>
          </div>
          <DistrictsTable districts={districts} />
          <DistrictDialog actionData={actionData} />
          {districts
            .filter((d) => d.organizationId === dialogId)
            .map((d) => (
              <div key={d.organizationId}>
                <DistrictDialog district={d} actionData={actionData} />
                <DeleteDialog
                  intent="delete-district"
                  id={d.organizationId}
                  title="Delete District"
                  name={d.name}
                  actionData={actionData}
                />
              </div>
            ))}
        </>
      ) : null}
      {admins ? (
        <>
          <div className="toolbar">
            <DialogLink dialog="create-user" className="button button--primary">
              Create Super Admin
            </DialogLink>
          </div>
          <SuperAdminsTable admins={admins} />
          <UserDialog roles={[]} schools={[]} fixedRole="SUPER_ADMIN" actionData={actionData} />
          {admins
            .filter((u) => u.userId === dialogId)
            .map((u) => (
              <div key={u.userId}>
                <UserDialog user={u} roles={[]} schools={[]} fixedRole="SUPER_ADMIN" actionData={actionData} />
                <DeleteDialog
                  intent="delete-user"
                  id={u.userId}
                  title="Delete User"
                  name={lastFirst(u)}
                  warning="Re-adding a deleted user requires contacting the product's customer support."
                  actionData={actionData}
                />
              </div>
            ))}
        </>
      ) : null}
    </section>
  );
}

function DistrictsTable({ districts }: { districts: Organization[] }) {
  if (districts.length === 0) return <EmptyState>No districts yet. Click the button to create the first one!</EmptyState>;
  return (
    <DataTable caption="Districts">
      <thead>
        <tr>
          <SortableNameHeader />
          <th scope="col">State</th>
          <th scope="col">Website</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {districts.map((d) => (
          <tr key={d.organizationId}>
            <NameCell text={d.name} href={`/district/${d.organizationId}`} />
            <Cell text={stateName(d.state)} />
            <Cell text={d.website ?? ""} />
            <td>
              <span className="row-actions">
                <DialogLink
                  dialog="edit-district"
                  params={{ id: d.organizationId }}
                  className="button button--small"
                  aria-label={`Edit ${d.name}`}
                >
                  Edit
                </DialogLink>
                <DialogLink
                  dialog="delete-district"
                  params={{ id: d.organizationId }}
                  className="button button--small"
                  aria-label={`Delete ${d.name}`}
                >
                  Delete
                </DialogLink>
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

function SuperAdminsTable({ admins }: { admins: User[] }) {
  if (admins.length === 0) return <EmptyState>No super admins yet.</EmptyState>;
  return (
    <DataTable caption="Super Admins">
      <thead>
        <tr>
          <SortableNameHeader />
          <th scope="col">Email</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {admins.map((u) => (
          <tr key={u.userId}>
            <NameCell text={lastFirst(u)} />
            <Cell text={u.email}>
              {u.email} {u.authStatus === "Pending" ? <PendingChip /> : null}
            </Cell>
            <td>
              <span className="row-actions">
                <InviteButton user={u} />
                <DialogLink
                  dialog="edit-user"
                  params={{ id: u.userId }}
                  className="button button--small"
                  aria-label={`Edit ${lastFirst(u)}`}
                >
                  Edit
                </DialogLink>
                <DialogLink
                  dialog="delete-user"
                  params={{ id: u.userId }}
                  className="button button--small"
                  aria-label={`Delete ${lastFirst(u)}`}
                >
                  Delete
                </DialogLink>
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}

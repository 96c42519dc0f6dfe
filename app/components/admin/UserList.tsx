import type { ApiSchema } from "#app/lib/api.server";
import { ROLE_LABELS, type RoleName } from "#app/domain/roles";
import { lastFirst } from "#app/domain/sort";
import { PendingChip, SchoolsChip } from "../DataTable";
import type { Option } from "../FormField";
import { AdminList, type Column, type ListPart } from "./AdminList";
import { InviteButton } from "./InviteButton";
import { LazyUserDialog } from "./dialogs";

type User = ApiSchema<"User">;

const DELETE_WARNING = "Re-adding a deleted user requires contacting the product's customer support.";

const roleOf = (u: User) => u.Role[0]?.roleName ?? null;
const pending = (u: User) => (u.authStatus === "Pending" ? <PendingChip /> : null);

/** A district's users: Email, Role, Schools ('All' for a district admin); 'Pending' after the name. */
const DISTRICT_COLUMNS: Column<User>[] = [
  { header: "Email", text: (u) => u.email, sort: "email" },
  {
    header: "Role",
    text: (u) => {
      const role = roleOf(u);
      return role ? ROLE_LABELS[role] : "";
    },
  },
  {
    header: "Schools",
    text: (u) => (roleOf(u) === "ORG_ADMIN" ? "All" : u.OrganizationUnits.map((s) => s.name).join(", ")),
    content: (u) => <SchoolsChip schools={u.OrganizationUnits} all={roleOf(u) === "ORG_ADMIN"} />,
  },
];

/** Super admins: Email, with 'Pending' after it. */
const SUPER_ADMIN_COLUMNS: Column<User>[] = [
  {
    header: "Email",
    sort: "email",
    text: (u) => u.email,
    content: (u) => (
      <>
        {u.email} {pending(u)}
      </>
    ),
  },
];

/**
 * A list of users with Invite, Edit and Delete (spec 000 §2, §4, §5): a district's Users tab, or
 * the Super Admins tab (`superAdmins`: the role is fixed and not asked).
 */
export function UserList({
  users,
  manage,
  superAdmins = false,
  empty,
  roles = [],
  schools = [],
  schoolsError,
  locked = [],
}: {
  users: ListPart<User>;
  /** Users this caller may not manage (peers of their own rank), decided by the loader. */
  locked?: readonly string[];
  manage: boolean;
  superAdmins?: boolean;
  empty: string;
  roles?: readonly RoleName[];
  schools?: readonly Option[];
  schoolsError?: string | null;
}) {
  const dialog = { roles, schools, schoolsError, ...(superAdmins ? { fixedRole: "SUPER_ADMIN" as const } : {}) };
  return (
    <AdminList
      entity="user"
      list={users}
      caption={superAdmins ? "Super Admins" : "Users"}
      empty={empty}
      row={(u) => ({ id: u.userId, text: lastFirst(u), after: superAdmins ? null : pending(u) })}
      columns={superAdmins ? SUPER_ADMIN_COLUMNS : DISTRICT_COLUMNS}
      search={{ label: superAdmins ? "Search super admins" : "Search users", hint: "Finds names and email addresses containing the text." }}
      manage={manage}
      create={{ label: superAdmins ? "Create Super Admin" : "Create User", dialog: <LazyUserDialog {...dialog} /> }}
      edit={(u) => <LazyUserDialog user={u} {...dialog} />}
      // The deleted toast names a super admin 'Last, First' and other users 'First Last'.
      remove={{ title: "Delete User", name: (u) => (superAdmins ? lastFirst(u) : `${u.firstName} ${u.lastName}`), warning: DELETE_WARNING }}
      rowActions={(u) => <InviteButton user={u} />}
      locked={(u) => locked.includes(u.userId)}
      preload={LazyUserDialog.preload}
    />
  );
}

import type { ApiSchema } from "#app/lib/api.server";
import { ROLE_LABELS, isSchoolLevel, type RoleName } from "#app/domain/roles";
import { ErrorAlert } from "../ErrorAlert";
import { CheckboxGroup, FormField, SelectField, type Option } from "../FormField";
import { FormDialog, useEntityForm } from "./DialogForm";

type User = ApiSchema<"User">;

export const LOCKED_EMAIL_TOOLTIP = "Please contact the product's customer support to change email.";

/**
 * Create User (`?dialog=create-user`) or Update User (`?dialog=edit-user&id=…`): first, last,
 * email, role (the roles this actor may give), schools (required only for school admins and
 * teachers). On edit, email and role are disabled with the support tooltip (spec 000 §5).
 * `roles` empty and `fixedRole` set: the role is not asked (the super admin list).
 */
export function UserDialog({
  user,
  roles,
  schools,
  schoolsError,
  fixedRole,
}: {
  user?: User;
  roles: readonly RoleName[];
  schools: readonly Option[];
  schoolsError?: string | null;
  fixedRole?: RoleName;
}) {
  const storedRole = user?.Role[0]?.roleName ?? null;
  const { form, fields: f } = useEntityForm("user", user?.userId, {
    firstName: user?.firstName,
    lastName: user?.lastName,
    email: user?.email,
    role: storedRole,
    organizationUnitIds: user?.OrganizationUnits.map((s) => s.organizationUnitId),
    version: user ? String(user.version) : undefined,
  });
  const roleOptions = (user && storedRole && !roles.includes(storedRole) ? [...roles, storedRole] : roles).map((r) => ({
    value: r,
    label: ROLE_LABELS[r],
  }));
  // Schools are asked only where they are saved: a new user (school admins and teachers need
  // them, other roles are refused them) or a school-level user; never a district admin's edit.
  const askSchools = !fixedRole && (user ? isSchoolLevel(storedRole) : true);
  const title = fixedRole === "SUPER_ADMIN" ? (user ? "Update Super Admin" : "Create Super Admin") : user ? "Update User" : "Create User";
  // Email and role are disabled on edit, so never posted: they show the stored values.
  const locked = user ? { disabled: true, hint: LOCKED_EMAIL_TOOLTIP } : {};
  return (
    <FormDialog {...form} title={title}>
      {user ? <input type="hidden" name="lockedRole" value={storedRole ?? ""} /> : null}
      <FormField label="First Name" required autoComplete="off" {...f.text("firstName")} />
      <FormField label="Last Name" required {...f.text("lastName")} />
      <FormField label="Email" type="email" required {...f.text("email")} {...(user ? { defaultValue: user.email } : {})} {...locked} />
      {fixedRole ? null : (
        <SelectField
          label="Role"
          required
          options={roleOptions}
          {...f.text("role")}
          {...(user ? { defaultValue: storedRole } : {})}
          {...locked}
        />
      )}
      {askSchools ? (
        <>
          <ErrorAlert message={schoolsError} />
          <CheckboxGroup
            label="Schools"
            required={user ? isSchoolLevel(storedRole) : undefined}
            options={schools}
            hint={user ? undefined : "Only for school admins and teachers, who need at least one."}
            {...f.list("organizationUnitIds")}
          />
        </>
      ) : null}
    </FormDialog>
  );
}

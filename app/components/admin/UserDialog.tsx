import type { User } from "#app/api/mappers";
import { roleNeedsSchools } from "#app/domain/admin-fields";
import { ROLE_LABELS, type RoleName } from "#app/domain/roles";
import { CheckboxGroup, FormField, SelectField, type Option } from "../FormField";
import { UrlDialog } from "../UrlDialog";
import { DialogForm, forIntent, valueOf, valuesOf } from "./DialogForm";

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
  actionData,
}: {
  user?: User;
  roles: readonly RoleName[];
  schools: readonly Option[];
  schoolsError?: string | null;
  fixedRole?: RoleName;
  actionData: unknown;
}) {
  const intent = user ? "edit-user" : "create-user";
  const action = forIntent(actionData, intent);
  const errors = action?.fieldErrors ?? {};
  const storedRole = user?.Role[0]?.roleName ?? null;
  const roleOptions = (user && storedRole && !roles.includes(storedRole) ? [...roles, storedRole] : roles).map((r) => ({
    value: r,
    label: ROLE_LABELS[r],
  }));
  const askSchools = !fixedRole && storedRole !== "SUPER_ADMIN";
  const title = fixedRole === "SUPER_ADMIN" ? (user ? "Update Super Admin" : "Create Super Admin") : user ? "Update User" : "Create User";
  return (
    <UrlDialog name={intent} id={user?.userId} title={title}>
      {(closeHref) => (
        <DialogForm intent={intent} id={user?.userId} closeHref={closeHref} formError={action?.formError}>
          {user ? <input type="hidden" name="lockedRole" value={storedRole ?? ""} /> : null}
          <FormField
            name="firstName"
            label="First Name"
            required
            autoComplete="off"
            defaultValue={valueOf(action, "firstName", user?.firstName)}
            error={errors.firstName}
          />
          <FormField
            name="lastName"
            label="Last Name"
            required
            defaultValue={valueOf(action, "lastName", user?.lastName)}
            error={errors.lastName}
          />
          <FormField
            name="email"
            label="Email"
            type="email"
            required
            defaultValue={valueOf(action, "email", user?.email)}
            error={errors.email}
            disabled={Boolean(user)}
            hint={user ? LOCKED_EMAIL_TOOLTIP : undefined}
          />
          {fixedRole ? null : (
            <SelectField
              name="role"
              label="Role"
              required
              options={roleOptions}
              defaultValue={valueOf(action, "role", storedRole)}
              error={errors.role}
              disabled={Boolean(user)}
              hint={user ? LOCKED_EMAIL_TOOLTIP : undefined}
            />
          )}
          {askSchools ? (
            <>
              {schoolsError ? (
                <p className="alert alert--error" role="alert">
                  {schoolsError}
                </p>
              ) : null}
              <CheckboxGroup
                name="organizationUnitIds"
                label="Schools"
                required={user ? roleNeedsSchools(storedRole) : undefined}
                options={schools}
                defaultValues={valuesOf(
                  action,
                  "organizationUnitIds",
                  user?.OrganizationUnits.map((s) => s.organizationUnitId),
                )}
                error={errors.organizationUnitIds}
                hint={user ? undefined : "Required for school admins and teachers."}
              />
            </>
          ) : null}
        </DialogForm>
      )}
    </UrlDialog>
  );
}

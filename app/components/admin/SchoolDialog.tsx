import type { OrganizationUnit } from "#app/api/mappers";
import { FormField } from "../FormField";
import { UrlDialog } from "../UrlDialog";
import { DialogForm, forIntent, valueOf } from "./DialogForm";

/** Create School (`?dialog=create-school`) or Update School (`?dialog=edit-school&id=…`). */
export function SchoolDialog({ school, actionData }: { school?: OrganizationUnit; actionData: unknown }) {
  const intent = school ? "edit-school" : "create-school";
  const action = forIntent(actionData, intent);
  return (
    <UrlDialog name={intent} id={school?.organizationUnitId} title={school ? "Update School" : "Create School"}>
      {(closeHref) => (
        <DialogForm intent={intent} id={school?.organizationUnitId} closeHref={closeHref} formError={action?.formError}>
          <FormField
            name="name"
            label="Name"
            required
            defaultValue={valueOf(action, "name", school?.name)}
            error={action?.fieldErrors?.name}
          />
        </DialogForm>
      )}
    </UrlDialog>
  );
}

import type { ApiSchema } from "#app/lib/api.server";
import { useIntentFields } from "../form-reply";
import { FormField } from "../FormField";
import { FormDialog } from "./DialogForm";

type OrganizationUnit = ApiSchema<"OrganizationUnit">;

/** Create School (`?dialog=create-school`) or Update School (`?dialog=edit-school&id=…`). */
export function SchoolDialog({ school }: { school?: OrganizationUnit }) {
  const intent = school ? "edit-school" : "create-school";
  const f = useIntentFields(intent, { name: school?.name });
  return (
    <FormDialog intent={intent} id={school?.organizationUnitId} title={school ? "Update School" : "Create School"} formError={f.formError}>
      <FormField label="Name" required {...f.text("name")} />
    </FormDialog>
  );
}

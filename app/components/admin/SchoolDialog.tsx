import type { ApiSchema } from "#app/lib/api.server";
import { FormField } from "../FormField";
import { FormDialog, useEntityForm } from "./DialogForm";

type OrganizationUnit = ApiSchema<"OrganizationUnit">;

/** Create School (`?dialog=create-school`) or Update School (`?dialog=edit-school&id=…`). */
export function SchoolDialog({ school }: { school?: OrganizationUnit }) {
  const { form, fields: f } = useEntityForm("school", school?.organizationUnitId, {
    name: school?.name,
    version: school ? String(school.version) : undefined,
  });
  return (
    <FormDialog {...form} title={school ? "Update School" : "Create School"}>
      <FormField label="Name" required {...f.text("name")} />
    </FormDialog>
  );
}

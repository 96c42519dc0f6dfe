import { FormField } from "../FormField";
import type { SchoolRow } from "./SchoolList";
import { FormDialog, useEntityForm } from "./DialogForm";

/** Create School (`?dialog=create-school`) or Update School (`?dialog=edit-school&id=…`). */
export function SchoolDialog({ school }: { school?: SchoolRow }) {
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

import type { ApiSchema } from "#app/lib/api.server";
import { STATES } from "#app/domain/states";
import { FormField, SelectField } from "../FormField";
import { FormDialog, useEntityForm } from "./DialogForm";

type Organization = ApiSchema<"Organization">;

const STATE_OPTIONS = STATES.map((s) => ({ value: s.code, label: s.name }));

/** Create District (`?dialog=create-district`) or Update District (`?dialog=edit-district&id=…`). */
export function DistrictDialog({ district }: { district?: Organization }) {
  const { form, fields: f } = useEntityForm("district", district?.organizationId, {
    name: district?.name,
    state: district?.state,
    website: district?.website,
    version: district ? String(district.version) : undefined,
  });
  return (
    <FormDialog {...form} title={district ? "Update District" : "Create District"}>
      <FormField label="Name" required {...f.text("name")} />
      <SelectField label="State" required options={STATE_OPTIONS} {...f.text("state")} />
      <FormField label="Website" type="url" {...f.text("website")} />
    </FormDialog>
  );
}

import type { Organization } from "#app/api/mappers";
import { STATES } from "#app/domain/states";
import { FormField, SelectField } from "../FormField";
import { UrlDialog } from "../UrlDialog";
import { DialogForm, forIntent, valueOf } from "./DialogForm";

const STATE_OPTIONS = STATES.map((s) => ({ value: s.code, label: s.name }));

/** Create District (`?dialog=create-district`) or Update District (`?dialog=edit-district&id=…`). */
export function DistrictDialog({ district, actionData }: { district?: Organization; actionData: unknown }) {
  const intent = district ? "edit-district" : "create-district";
  const action = forIntent(actionData, intent);
  const errors = action?.fieldErrors ?? {};
  return (
    <UrlDialog name={intent} id={district?.organizationId} title={district ? "Update District" : "Create District"}>
      {(closeHref) => (
        <DialogForm intent={intent} id={district?.organizationId} closeHref={closeHref} formError={action?.formError}>
          <FormField name="name" label="Name" required defaultValue={valueOf(action, "name", district?.name)} error={errors.name} />
          <SelectField
            name="state"
            label="State"
            required
            options={STATE_OPTIONS}
            defaultValue={valueOf(action, "state", district?.state)}
            error={errors.state}
          />
          <FormField
            name="website"
            label="Website"
            type="url"
            defaultValue={valueOf(action, "website", district?.website)}
            error={errors.website}
          />
        </DialogForm>
      )}
    </UrlDialog>
  );
}

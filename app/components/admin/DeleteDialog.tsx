import type { ReactNode } from "react";
import { useIntentFields } from "../form-reply";
import { FormDialog } from "./DialogForm";

/**
 * Delete confirmation (spec 000 §2): opens at `?dialog=<intent>&id=<id>`, names what goes, and
 * posts `intent` + `id` to the route action.
 */
export function DeleteDialog({
  intent,
  id,
  title,
  name,
  warning,
}: {
  intent: string;
  id: string;
  title: string;
  name: string;
  warning?: ReactNode;
}) {
  const f = useIntentFields(intent);
  return (
    <FormDialog
      intent={intent}
      id={id}
      title={title}
      description={<>Are you sure you want to delete {name}?</>}
      formError={f.formError}
      submitLabel="Delete"
      danger
    >
      <input type="hidden" name="name" value={name} />
      {warning ? <p className="alert alert--error">{warning}</p> : null}
    </FormDialog>
  );
}

import type { ReactNode } from "react";
import { UrlDialog } from "../UrlDialog";
import { DialogForm, forIntent } from "./DialogForm";

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
  actionData,
}: {
  intent: string;
  id: string;
  title: string;
  name: string;
  warning?: ReactNode;
  actionData: unknown;
}) {
  const action = forIntent(actionData, intent);
  return (
    <UrlDialog name={intent} id={id} title={title} description={<>Are you sure you want to delete {name}?</>}>
      {(closeHref) => (
        <DialogForm intent={intent} id={id} closeHref={closeHref} formError={action?.formError} submitLabel="Delete" danger>
          <input type="hidden" name="name" value={name} />
          {warning ? <p className="alert alert--error">{warning}</p> : null}
        </DialogForm>
      )}
    </UrlDialog>
  );
}

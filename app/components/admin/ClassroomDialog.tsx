import { CheckboxGroup, FormField, type Option } from "../FormField";
import { UrlDialog } from "../UrlDialog";
import { DialogForm, forIntent, valueOf, valuesOf } from "./DialogForm";

export type ClassroomFormData = { participantGroupId: string; name: string; teacherIds: string[] };

/**
 * Create Classroom (`?dialog=create-classroom`) or Update Classroom (`?dialog=edit-classroom&id=…`):
 * Name required, Teachers optional (users whose first role is teacher), the teachers field
 * disabled when the actor is a teacher (spec 001 §5).
 */
export function ClassroomDialog({
  classroom,
  teachers,
  teachersError,
  actorIsTeacher,
  actionData,
}: {
  classroom?: ClassroomFormData;
  teachers: readonly Option[];
  teachersError?: string | null;
  actorIsTeacher: boolean;
  actionData: unknown;
}) {
  const intent = classroom ? "edit-classroom" : "create-classroom";
  const action = forIntent(actionData, intent);
  return (
    <UrlDialog name={intent} id={classroom?.participantGroupId} title={classroom ? "Update Classroom" : "Create Classroom"}>
      {(closeHref) => (
        <DialogForm intent={intent} id={classroom?.participantGroupId} closeHref={closeHref} formError={action?.formError}>
          <FormField
            name="name"
            label="Name"
            required
            defaultValue={valueOf(action, "name", classroom?.name)}
            error={action?.fieldErrors?.name}
          />
          {teachersError ? (
            <p className="alert alert--error" role="alert">
              {teachersError}
            </p>
          ) : null}
          <CheckboxGroup
            name="teacherIds"
            label="Teachers"
            options={teachers}
            disabled={actorIsTeacher}
            defaultValues={valuesOf(action, "teacherIds", classroom?.teacherIds)}
            error={action?.fieldErrors?.teacherIds}
            emptyText="No teachers in this school yet."
          />
        </DialogForm>
      )}
    </UrlDialog>
  );
}

import { CheckboxGroup, FormField, type Option } from "../FormField";
import { ErrorAlert } from "../ErrorAlert";
import { FormDialog, useEntityForm } from "./DialogForm";

export type ClassroomFormData = { participantGroupId: string; name: string; teacherIds: string[]; version: number };

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
}: {
  classroom?: ClassroomFormData;
  teachers: readonly Option[];
  teachersError?: string | null;
  actorIsTeacher: boolean;
}) {
  const { form, fields: f } = useEntityForm("classroom", classroom?.participantGroupId, {
    name: classroom?.name,
    teacherIds: classroom?.teacherIds,
    version: classroom ? String(classroom.version) : undefined,
  });
  return (
    <FormDialog {...form} title={classroom ? "Update Classroom" : "Create Classroom"}>
      <FormField label="Name" required {...f.text("name")} />
      <ErrorAlert message={teachersError} />
      <CheckboxGroup
        label="Teachers"
        options={teachers}
        disabled={actorIsTeacher}
        emptyText="No teachers in this school yet."
        {...f.list("teacherIds")}
      />
    </FormDialog>
  );
}

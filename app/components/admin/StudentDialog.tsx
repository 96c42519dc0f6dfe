import type { Participant } from "#app/api/mappers";
import { STUDENT_TAG_LABELS, STUDENT_TAGS } from "#app/domain/admin-fields";
import { CheckboxGroup, DateField, FormField, SelectField, type Option } from "../FormField";
import { UrlDialog } from "../UrlDialog";
import { DialogForm, forIntent, valueOf, valuesOf } from "./DialogForm";

const TAG_OPTIONS = STUDENT_TAGS.map((t) => ({ value: t, label: STUDENT_TAG_LABELS[t] }));

export type ClassroomOption = Option & { schoolId: string };

/**
 * Create Student (`?dialog=create-student`) or Update Student (`?dialog=edit-student&id=…`),
 * spec 000 §5: first, last, date of birth (MM/dd/yyyy), grade and school required; classroom
 * required when the actor is a teacher (only classrooms enabled for screening are offered);
 * middle name, email, Student ID and tags optional.
 */
export function StudentDialog({
  student,
  grades,
  schools,
  classrooms,
  defaultSchoolId,
  defaultClassroomId,
  optionsError,
  actorIsTeacher,
  actionData,
}: {
  student?: Participant;
  grades: readonly Option[];
  schools: readonly Option[];
  classrooms: readonly ClassroomOption[];
  defaultSchoolId?: string;
  defaultClassroomId?: string;
  optionsError?: string | null;
  actorIsTeacher: boolean;
  actionData: unknown;
}) {
  const intent = student ? "edit-student" : "create-student";
  const action = forIntent(actionData, intent);
  const errors = action?.fieldErrors ?? {};
  const manySchools = new Set(classrooms.map((c) => c.schoolId)).size > 1;
  const schoolName = (id: string) => schools.find((s) => s.value === id)?.label ?? "";
  const classroomOptions = classrooms.map((c) => ({
    value: c.value,
    label: manySchools ? `${c.label} (${schoolName(c.schoolId)})` : c.label,
  }));
  const shownClassroom = student
    ? (student.participantGroupIds.find((id) => classrooms.some((c) => c.value === id)) ?? "")
    : (defaultClassroomId ?? "");
  // Grade 3 may be off for new students but an existing grade stays selectable.
  const gradeOptions =
    student && !grades.some((g) => g.value === student.grade) ? [...grades, { value: student.grade, label: student.grade }] : grades;
  return (
    <UrlDialog name={intent} id={student?.participantId} title={student ? "Update Student" : "Create Student"}>
      {(closeHref) => (
        <DialogForm intent={intent} id={student?.participantId} closeHref={closeHref} formError={action?.formError}>
          {optionsError ? (
            <p className="alert alert--error" role="alert">
              {optionsError}
            </p>
          ) : null}
          <input type="hidden" name="shownClassroomId" value={shownClassroom} />
          {student ? <input type="hidden" name="existingClassroomIds" value={student.participantGroupIds.join(",")} /> : null}
          {student ? <input type="hidden" name="existingGrade" value={student.grade} /> : null}
          <div className="form-grid">
            <FormField
              name="firstName"
              label="First Name"
              required
              defaultValue={valueOf(action, "firstName", student?.firstName)}
              error={errors.firstName}
            />
            <FormField
              name="middleName"
              label="Middle Name"
              defaultValue={valueOf(action, "middleName", student?.middleName)}
              error={errors.middleName}
            />
            <FormField
              name="lastName"
              label="Last Name"
              required
              defaultValue={valueOf(action, "lastName", student?.lastName)}
              error={errors.lastName}
            />
            <DateField
              name="dateOfBirth"
              label="Date of Birth"
              required
              defaultValue={valueOf(action, "dateOfBirth", student?.dateOfBirth)}
              error={errors.dateOfBirth}
            />
            <SelectField
              name="grade"
              label="Grade"
              required
              options={gradeOptions}
              defaultValue={valueOf(action, "grade", student?.grade)}
              error={errors.grade}
            />
            <SelectField
              name="organizationUnitId"
              label="School"
              required
              options={schools}
              defaultValue={valueOf(action, "organizationUnitId", student?.organizationUnitId ?? defaultSchoolId)}
              error={errors.organizationUnitId}
            />
            <SelectField
              name="participantGroupId"
              label="Classroom"
              required={actorIsTeacher}
              options={classroomOptions}
              defaultValue={valueOf(action, "participantGroupId", shownClassroom)}
              error={errors.participantGroupId}
              placeholder={actorIsTeacher ? "Select…" : "None"}
            />
            <FormField
              name="email"
              label="Email"
              type="email"
              defaultValue={valueOf(action, "email", student?.email)}
              error={errors.email}
            />
            <FormField
              name="externalId"
              label="Student ID"
              defaultValue={valueOf(action, "externalId", student?.externalId)}
              error={errors.externalId}
            />
          </div>
          <CheckboxGroup
            name="tags"
            label="Tags"
            options={TAG_OPTIONS}
            defaultValues={valuesOf(action, "tags", student?.tags ? student.tags.split(",") : [])}
            error={errors.tags}
          />
        </DialogForm>
      )}
    </UrlDialog>
  );
}

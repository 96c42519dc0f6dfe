import type { ApiSchema } from "#app/lib/api.server";
import { STUDENT_TAG_LABELS, STUDENT_TAGS } from "#app/domain/admin-fields";
import { BIRTH_DATE_MISSING } from "#app/domain/birth-date";
import { ErrorAlert } from "../ErrorAlert";
import { CheckboxGroup, DateField, FormField, SelectField, type Option } from "../FormField";
import { FormDialog, useEntityForm } from "./DialogForm";

type Participant = ApiSchema<"Participant">;

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
}: {
  student?: Participant;
  grades: readonly Option[];
  schools: readonly Option[];
  classrooms: readonly ClassroomOption[];
  defaultSchoolId?: string;
  defaultClassroomId?: string;
  optionsError?: string | null;
  actorIsTeacher: boolean;
}) {
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
  const { form, fields: f } = useEntityForm("student", student?.participantId, {
    ...student,
    organizationUnitId: student?.organizationUnitId ?? defaultSchoolId,
    participantGroupId: shownClassroom,
    tags: student?.tags ? student.tags.split(",") : [],
    version: student ? String(student.version) : undefined,
    shownClassroomId: shownClassroom,
    existingClassroomIds: student?.participantGroupIds.join(","),
    existingGrade: student?.grade,
  });
  return (
    <FormDialog {...form} title={student ? "Update Student" : "Create Student"}>
      <ErrorAlert message={optionsError} />
      {/* What the save changes from: as stored, or after a refused stale save the newer values it came back with. */}
      <input type="hidden" name="shownClassroomId" value={f.text("shownClassroomId").defaultValue} />
      {student ? <input type="hidden" name="existingClassroomIds" value={f.text("existingClassroomIds").defaultValue} /> : null}
      {student ? <input type="hidden" name="existingGrade" value={f.text("existingGrade").defaultValue} /> : null}
      <div className="form-grid">
        <FormField label="First Name" required {...f.text("firstName")} />
        <FormField label="Middle Name" {...f.text("middleName")} />
        <FormField label="Last Name" required {...f.text("lastName")} />
        <DateField
          label="Date of Birth"
          required
          // A student a roster brought without a birth date (issue 35): the form asks for it.
          hint={student && !student.dateOfBirth ? `${BIRTH_DATE_MISSING}: please enter it. Format: MM/dd/yyyy` : undefined}
          {...f.text("dateOfBirth")}
        />
        <SelectField label="Grade" required options={gradeOptions} {...f.text("grade")} />
        <SelectField label="School" required options={schools} {...f.text("organizationUnitId")} />
        <SelectField
          label="Classroom"
          required={actorIsTeacher}
          options={classroomOptions}
          placeholder={actorIsTeacher ? "Select…" : "None"}
          {...f.text("participantGroupId")}
        />
        <FormField label="Email" type="email" {...f.text("email")} />
        <FormField label="Student ID" {...f.text("externalId")} />
      </div>
      <CheckboxGroup label="Tags" options={TAG_OPTIONS} {...f.list("tags")} />
    </FormDialog>
  );
}

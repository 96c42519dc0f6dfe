import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "#app/components/Breadcrumbs";
import { DialogLink } from "#app/components/DialogLink";
import { ErrorPage } from "#app/components/page-kit";
import { EraseCounts, EraseDialog } from "#app/components/records/EraseDialog";
import { ErasedPage, recordsPageTitle, RecordsGone } from "#app/components/records/RecordsPage";
import { breadcrumbs } from "#app/domain/breadcrumbs";
import { ERASE_STUDENT_DIALOG, ERASURE_MESSAGES, STUDENT_COUNT_KEYS } from "#app/domain/student-records";
import { isUuid } from "#app/domain/url-state";
import { apiFor } from "#app/lib/api.server";
import { refusalOf } from "#app/lib/api-refusal.server";
import { requireUser } from "#app/lib/auth.server";
import { recordsOrGone } from "#app/lib/records.server";
import { readFormData } from "#app/server/body-limit.server";
import { EraseForm } from "./student.$studentId_.records.server";
import recordsCss from "#app/styles/student-records.css";

// A student's records (issue 41 item 3): everything about them as a zip, and deleting them for
// good after a confirmation that states the counts; then the receipt, printable, and the way back
// to their school and classrooms. District admins and super admins (the API refuses the others).
// Without JavaScript the confirmation is the same dialog, sent open by the server (?dialog=).

const PAGE_TITLE = "Student records";
const DIALOG = ERASE_STUDENT_DIALOG;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: recordsCss }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: recordsPageTitle(PAGE_TITLE, data?.state === "ready" ? data.student.name : undefined) },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  if (!isUuid(params.studentId)) throw new Response(null, { status: 404, statusText: "Not Found" });
  const api = apiFor(request, context);
  const found = await api.result(api.GET("/participant/{id}/records", { params: { path: { id: params.studentId } } }));
  const student = await recordsOrGone(request, found);
  if (!student) return { state: "gone" as const };
  return {
    state: "ready" as const,
    student,
    crumbs: breadcrumbs({
      role: user.role,
      schoolCount: user.schoolIds.length,
      district: { id: student.organizationId, name: student.organizationName },
      school: { id: student.school.organizationUnitId, name: student.school.name },
      classrooms: student.classrooms.filter((c) => !c.deleted).map((c) => ({ id: c.participantGroupId, name: c.name })),
      student: student.deleted ? undefined : { id: student.participantId, name: student.name },
      tail: PAGE_TITLE,
    }),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  await requireUser(request, context);
  const id = params.studentId ?? "";
  const parsed = EraseForm.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) return { done: false as const, error: "Confirm the counts of what will be deleted." };
  const { results, scores, recordings } = parsed.data;
  const api = apiFor(request, context);
  // Where to go afterwards: the student's school and classrooms, read before they lose the student.
  const before = await api.result(api.GET("/participant/{id}/records", { params: { path: { id } } }));
  const erased = await api.result(
    api.POST("/participant/{id}/erase", { params: { path: { id } }, body: { confirm: { results, scores, recordings } } }),
  );
  if (!erased.ok) return { done: false as const, error: (await refusalOf(request, erased)).message };
  const back = before.ok
    ? {
        school: before.data.school.deleted ? null : { id: before.data.school.organizationUnitId, name: before.data.school.name },
        classrooms: before.data.classrooms.filter((c) => !c.deleted).map((c) => ({ id: c.participantGroupId, name: c.name })),
      }
    : { school: null, classrooms: [] };
  return { done: true as const, receipt: erased.data, back };
}

export default function StudentRecordsPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (actionData?.done) {
    const { receipt, back } = actionData;
    return (
      <ErasedPage heading="Student deleted for good" receipt={receipt}>
        {back.classrooms.map((c) => (
          <Link key={c.id} to={`/classroom/${c.id}`} className="button">
            Back to {c.name}
          </Link>
        ))}
        {back.school ? (
          <Link to={`/school/${back.school.id}`} className="button">
            Back to {back.school.name}
          </Link>
        ) : null}
        <Link to="/" className="button">
          Home
        </Link>
      </ErasedPage>
    );
  }
  if (data.state === "gone") return <RecordsGone heading={PAGE_TITLE} what="Student" back={{ to: "/", text: "Home" }} />;
  const { student } = data;
  const error = actionData?.done === false ? actionData.error : undefined;
  return (
    <section aria-labelledby="page-title" className="records-page">
      <Breadcrumbs crumbs={data.crumbs} />
      <h1 id="page-title">
        {PAGE_TITLE}: {student.name}
      </h1>
      {student.deleted ? (
        <p className="alert" role="note">
          This student was deleted from the school&apos;s lists; their records are still kept until they are deleted for good here.
        </p>
      ) : (
        <p>
          <Link to={`/student/${student.participantId}`}>Back to the student profile</Link>
        </p>
      )}
      {error ? (
        <p role="alert" className="alert alert--error">
          {error}
        </p>
      ) : null}

      <section className="records-section" aria-labelledby="export-title">
        <h2 id="export-title">Export everything</h2>
        <p>
          One zip with the student&apos;s details, results, scores, recordings, access history and the record of changes, with a README
          saying what each file is.
        </p>
        <p className="records-actions">
          <a className="button button--primary" href={`/download/student-records/${student.participantId}`} download>
            Export everything (zip)
          </a>
        </p>
      </section>

      <section className="records-section" aria-labelledby="erase-title">
        <h2 id="erase-title">Delete for good</h2>
        <p>Deleting this student for good removes, from the database and the file store:</p>
        <EraseCounts
          keys={STUDENT_COUNT_KEYS}
          counts={student.counts}
          more="their details, classroom places, access history and the audit log's entries about them"
        />
        <p>
          It cannot be undone. The audit log keeps a receipt (who, when, the student&apos;s id and these counts) without the name. Export
          first if the family asked for a copy.
        </p>
        <p className="records-actions">
          <DialogLink dialog={DIALOG} className="button button--danger">
            Delete this student for good
          </DialogLink>
        </p>
      </section>

      <EraseDialog
        dialog={DIALOG}
        title={`Delete ${student.name} for good`}
        question={ERASURE_MESSAGES.studentConfirm(student.name, student.counts)}
        keys={STUDENT_COUNT_KEYS}
        counts={student.counts}
        error={error}
      />
    </section>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}

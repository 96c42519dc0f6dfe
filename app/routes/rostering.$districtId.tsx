import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type ChangeEvent, type RefObject } from "react";
import { ErrorPage, stylesheets } from "#app/components/page-kit";
import { ConfirmAccounts } from "#app/components/rostering/ConfirmAccounts";
import { ConfirmDeactivations, MassDeactivationWarning } from "#app/components/rostering/MassDeactivations";
import { RosterReport } from "#app/components/rostering/RosterReport";
import { RosterNextSteps } from "#app/components/rostering/RosterNextSteps";
import { MASS_DEACTIVATION } from "#app/domain/roster-deactivation";
import { looksLikeZip, ROSTER_FILE_MESSAGES, rosterFileProblem, UPLOAD_ERROR } from "#app/domain/roster-upload";
import { may as roleMay } from "#app/domain/permissions";
import { first } from "#app/domain/presence";
import { isUuid } from "#app/domain/url-state";
import { getUser } from "#app/lib/auth.server";
import { apiFor, publicApiFor } from "#app/lib/api.server";
import { rosteringAction, type RosterActionData, type RosterImport } from "#app/lib/roster-actions.server";

// /rostering/{districtId} (spec 001 §2 'Rostering page', public): a district's OneRoster zip is
// uploaded, previewed, then applied (issue 16). A multipart form posts to the action, so it works
// without JavaScript; with it, Submit waits until a file is chosen and read.

export const links: LinksFunction = () => [{ rel: "stylesheet", href: stylesheets.rostering }];
type LoaderData = {
  district: { id: string; name: string } | null;
  instructions: boolean;
  /** A signed-in district admin of this district, or a super admin: may apply (issue 33). */
  canApply: boolean;
  /** ?import=: a previewed upload this admin came back to apply after signing in. */
  staged: RosterImport | null;
  /** ?key=: the district's rostering key (issue 35 item 1), which the page's forms carry; the API checks it. */
  rosterKey: string | null;
};

export const meta: MetaFunction = ({ data }) => {
  const district = (data as LoaderData | undefined)?.district;
  return [{ title: `${district ? `CSV Rostering: ${district.name}` : "District not found"} | Early Literacy Screening` }];
};

export async function loader({ request, params, context }: LoaderFunctionArgs): Promise<LoaderData | ReturnType<typeof data<LoaderData>>> {
  const search = new URL(request.url).searchParams;
  const instructions = search.has("instructions");
  const key = search.get("key");
  const rosterKey = key && key.length <= 200 ? key : null;
  const none = { district: null, instructions, canApply: false, staged: null, rosterKey: null };
  if (!isUuid(params.districtId)) return data(none, { status: 404 });
  const api = publicApiFor(request);
  const result = await api.result(
    api.GET("/roster-stream-old/check-district/{districtId}", { params: { path: { districtId: params.districtId! } } }),
  );
  if (!result.ok) {
    if (result.status === 404 || result.status === 400) return data(none, { status: 404 });
    throw new Response(result.error.message, { status: result.status });
  }
  const user = await getUser(request, context);
  const canApply =
    user !== null && roleMay(user.role, "manageRosterImports") && (user.role === "SUPER_ADMIN" || user.districtId === params.districtId);
  let staged: RosterImport | null = null;
  const wanted = search.get("import");
  if (canApply && isUuid(wanted ?? undefined)) {
    const api = apiFor(request, context);
    const list = await api.result(api.GET("/organization/{id}/roster-imports", { params: { path: { id: params.districtId! } } }));
    staged = (list.ok && list.data.imports.find((i) => i.rosterImportId === wanted && i.status === "staged")) || null;
  }
  return { district: { id: result.data.organizationId, name: result.data.name }, instructions, canApply, staged, rosterKey };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (!isUuid(params.districtId)) throw new Response(null, { status: 404 });
  return rosteringAction(request, params.districtId!, context);
}

function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

export default function Rostering() {
  const { district, instructions, canApply, staged, rosterKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const result: RosterActionData | undefined = actionData ?? (staged ? { step: "preview", import: staged } : undefined);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const hydrated = useHydrated();
  const [ready, setReady] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);

  if (!district) {
    return (
      <div className="rostering">
        <h1>District not found</h1>
      </div>
    );
  }

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    setReady(false);
    const files = [...(event.currentTarget.files ?? [])];
    const problem = rosterFileProblem(files);
    if (problem) return setFileError(UPLOAD_ERROR(problem));
    const head = new Uint8Array(await first(files, "the one file rosterFileProblem accepted").slice(0, 4).arrayBuffer());
    if (!looksLikeZip(head)) return setFileError(UPLOAD_ERROR(ROSTER_FILE_MESSAGES.notZip));
    setFileError(null);
    setReady(true);
  }

  // The key stays in the address the forms post to, so the page after a post is the keyed page too.
  const formAction = `/rostering/${district.id}${rosterKey ? `?key=${encodeURIComponent(rosterKey)}` : ""}`;
  const keyField = rosterKey ? <input type="hidden" name="rosterKey" value={rosterKey} /> : null;
  const shownFileError = fileError ?? (result?.step === "failed" && result.fileError ? result.error : null);
  const mass = result?.step === "preview" ? result.import.report.massDeactivations : [];
  const needsAdmin = result?.step === "preview" && (mass.length > 0 || result.import.report.confirmationCount > 0);
  const pageError = result && (result.step === "failed" || result.step === "rejected") && !shownFileError ? result.error : null;

  return (
    <div className="rostering">
      <h1>CSV Rostering: {district.name}</h1>
      {result?.step === "applied" ? (
        <section className="roster-result" aria-labelledby="roster-done">
          <p className="alert alert--success" role="status" id="roster-done">
            Upload successful.
          </p>
          <p>Thank you!</p>
          <RosterReport report={result.import.report} caption="What the upload changed" idPrefix="applied" headingLevel={2} />
          <RosterNextSteps districtId={district.id} teachersCreated={result.import.report.counts?.teachers.created ?? null} />
        </section>
      ) : (
        <>
          <p>Upload zipped roster file below.</p>
          <div className="rostering__actions">
            <a
              href="?instructions"
              className="button"
              onClick={(event) => {
                if (!dialog.current?.showModal) return;
                event.preventDefault();
                dialog.current.showModal();
              }}
            >
              View Instructions
            </a>
          </div>
          <Instructions dialogRef={dialog} open={instructions} />
          {pageError ? (
            <p className="alert alert--error" role="alert">
              {pageError}
            </p>
          ) : null}
          {rosterKey ? (
            <p>This link carries the district&apos;s rostering key: an upload made with it can be applied without signing in.</p>
          ) : null}
          <Form method="post" action={formAction} encType="multipart/form-data" noValidate className="form">
            {keyField}
            <div className="field">
              <label htmlFor="roster-file">Roster file (.zip, at most 15,000,000 bytes)</label>
              <input
                id="roster-file"
                name="file"
                type="file"
                accept=".zip,application/zip"
                onChange={(event) => void onFile(event)}
                aria-invalid={shownFileError ? true : undefined}
                aria-describedby={shownFileError ? "roster-file-error" : undefined}
              />
              {shownFileError ? (
                <p className="field__error" id="roster-file-error" role="alert">
                  {shownFileError}
                </p>
              ) : null}
            </div>
            <button type="submit" className="button button--primary" name="intent" value="upload" disabled={busy || (hydrated && !ready)}>
              {busy && navigation.formData?.get("intent") === "upload" ? "Uploading…" : "Submit"}
            </button>
          </Form>
          {result?.step === "preview" ? (
            <section className="roster-preview" aria-labelledby="roster-preview-title">
              <h2 id="roster-preview-title">Preview of {result.import.fileName}</h2>
              <p>Nothing has changed yet. Apply makes every change below at once, or none of them.</p>
              <MassDeactivationWarning list={mass} id="roster-mass" />
              <RosterReport report={result.import.report} caption="What applying this upload would change" idPrefix="preview" />
              {canApply || (rosterKey && !needsAdmin) ? (
                <Form method="post" action={formAction} encType="multipart/form-data" className="form">
                  {keyField}
                  <input type="hidden" name="rosterImportId" value={result.import.rosterImportId} />
                  {canApply && result.import.report.confirmationCount > 0 ? (
                    <ConfirmAccounts count={result.import.report.confirmationCount} />
                  ) : null}
                  {canApply && mass.length > 0 ? <ConfirmDeactivations list={mass} /> : null}
                  <button type="submit" className="button button--primary" name="intent" value="apply" disabled={busy}>
                    {busy && navigation.formData?.get("intent") === "apply" ? "Applying…" : "Apply"}
                  </button>
                </Form>
              ) : (
                <p>
                  {rosterKey
                    ? `This upload changes existing records or deactivates more than ${MASS_DEACTIVATION.share * 100}% of the district's records, so a district administrator confirms it, even with the key.`
                    : "A district administrator applies this upload."}{" "}
                  <a href={`/login?redirectTo=${encodeURIComponent(`/rostering/${district.id}?import=${result.import.rosterImportId}`)}`}>
                    Sign in as a district administrator to apply it
                  </a>
                  , or apply it later from the district page&apos;s Roster imports.
                </p>
              )}
            </section>
          ) : null}
          {result?.step === "rejected" ? (
            <section aria-labelledby="roster-rejected-title">
              <h2 id="roster-rejected-title">Rejected rows of {result.import.fileName}</h2>
              <RosterReport report={result.import.report} caption="What the upload would change" idPrefix="rejected" />
            </section>
          ) : null}
        </>
      )}
    </div>
  );
}

const EXAMPLE = `roster.zip
├── manifest.csv
├── orgs.csv
├── users.csv
├── classes.csv
├── enrollments.csv
├── academicSessions.csv
├── demographics.csv
└── courses.csv   (optional)

users.csv
sourcedId,status,dateLastModified,enabledUser,orgSourcedIds,role,username,userIds,givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,password
stu-1,,,true,sch-1,student,ava.l,,Ava,Lopez,,100234,,,,,KG,
tch-1,,,true,sch-1,teacher,j.kim,,Jordan,Kim,,,j.kim@district.org,,,,,

demographics.csv
sourcedId,status,dateLastModified,birthDate,sex
stu-1,,,2020-03-14,female`;

function Instructions({ dialogRef, open }: { dialogRef: RefObject<HTMLDialogElement>; open: boolean }) {
  return (
    <dialog ref={dialogRef} className="roster-instructions" aria-labelledby="roster-instructions-title" open={open || undefined}>
      <h2 id="roster-instructions-title">Instructions</h2>
      <p>
        Upload one .zip file of at most 15,000,000 bytes holding a OneRoster 1.1 CSV bulk export (1.2 works too), as Clever, ClassLink and
        most student information systems export it. The zip must contain manifest.csv, orgs.csv, users.csv, classes.csv and enrollments.csv;
        demographics.csv (students&apos; birth dates), academicSessions.csv, courses.csv and roles.csv are read when present. Save the files
        as CSV UTF-8.
      </p>
      <ul>
        <li>Schools become schools, classes become classrooms, students become students, teachers become users with the teacher role.</li>
        <li>
          Grades PK, KG, 01, 02 and 03 are kept (as PK, K, 1, 2, 3); students in other grades, and classes and teachers without them, are
          skipped.
        </li>
        <li>
          Records are matched on sourcedId, so uploading again updates them. Schools, classrooms and students the district made by hand are
          matched by name (students by Student ID, then name and birth date), and an administrator confirms each match. Records missing from
          a new bulk upload, or marked tobedeleted, are deactivated.
        </li>
        <li>A student without a birth date in demographics.csv is taken without one, for an administrator to complete.</li>
        <li>
          A row the file gets wrong (an unknown school, a duplicate id) is skipped and listed with its reason; the rest can be applied.
        </li>
        <li>
          You see a preview first; nothing changes until a district administrator applies it, or the district&apos;s automated export
          applies it with its rostering key. An upload that deactivates more than {MASS_DEACTIVATION.share * 100}% of the district&apos;s
          students, classrooms or teachers, or changes existing records, is applied only after an administrator confirms it.
        </li>
      </ul>
      <pre>{EXAMPLE}</pre>
      <form method="dialog">
        <button type="submit" className="button">
          Close
        </button>
      </form>
    </dialog>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}

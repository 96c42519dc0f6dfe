import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "#app/components/Breadcrumbs";
import { DialogLink } from "#app/components/DialogLink";
import { ErrorPage } from "#app/components/page-kit";
import { EraseCounts, EraseDialog } from "#app/components/records/EraseDialog";
import { ErasedPage, recordsPageTitle, RecordsGone } from "#app/components/records/RecordsPage";
import { breadcrumbs } from "#app/domain/breadcrumbs";
import { DISTRICT_COUNT_KEYS, ERASE_DISTRICT_DIALOG, ERASURE_MESSAGES } from "#app/domain/student-records";
import { isUuid } from "#app/domain/url-state";
import { apiFor } from "#app/lib/api.server";
import { refusalOf } from "#app/lib/api-refusal.server";
import { requireUser } from "#app/lib/auth.server";
import { recordsOrGone } from "#app/lib/records.server";
import { readFormData } from "#app/server/body-limit.server";
import { EraseDistrictForm } from "./district.$districtId_.records.server";
import recordsCss from "#app/styles/student-records.css";

// A district's records (issue 41 item 3): what deleting it for good takes, counted, and the
// deletion after a confirmation that states the counts; then the receipt, printable. Super admins
// only (the API refuses the others; the page shows its refusal). Not the Super Admin View's
// Delete, which hides a district and keeps everything. Without JavaScript the confirmation is
// the same dialog, sent open by the server (?dialog=), as on the student's records page.

const PAGE_TITLE = "District records";
const DIALOG = ERASE_DISTRICT_DIALOG;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: recordsCss }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: recordsPageTitle(PAGE_TITLE, data?.state === "ready" ? data.district.name : undefined) },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  if (!isUuid(params.districtId)) throw new Response(null, { status: 404, statusText: "Not Found" });
  const api = apiFor(request, context);
  const found = await api.result(api.GET("/organization/{id}/records", { params: { path: { id: params.districtId } } }));
  const district = await recordsOrGone(request, found);
  if (!district) return { state: "gone" as const };
  const crumbs = breadcrumbs({
    role: user.role,
    schoolCount: user.schoolIds.length,
    district: { id: district.organizationId, name: district.name },
  });
  // The district's trail, its name a link back (a hidden district has no page to go back to), then this page.
  const last = crumbs.at(-1);
  if (last && district.deleted) crumbs.pop();
  else if (last) last.href = `/district/${district.organizationId}`;
  crumbs.push({ label: PAGE_TITLE, href: null });
  return { state: "ready" as const, district, crumbs };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  await requireUser(request, context);
  const parsed = EraseDistrictForm.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) return { done: false as const, error: "Confirm the counts of what will be deleted." };
  const { intent: _intent, ...confirm } = parsed.data;
  const api = apiFor(request, context);
  const erased = await api.result(
    api.POST("/organization/{id}/erase", { params: { path: { id: params.districtId ?? "" } }, body: { confirm } }),
  );
  // Counts that changed (409) come back as the API's words; the loader then shows the counts now.
  if (!erased.ok) return { done: false as const, error: (await refusalOf(request, erased)).message };
  return { done: true as const, receipt: erased.data };
}

export default function DistrictRecordsPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const back = { to: "/super-admin", text: "Back to Districts" };
  if (actionData?.done) {
    return (
      <ErasedPage heading="District deleted for good" receipt={actionData.receipt}>
        <Link to={back.to} className="button">
          {back.text}
        </Link>
      </ErasedPage>
    );
  }
  if (data.state === "gone") return <RecordsGone heading={PAGE_TITLE} what="District" back={back} />;
  const { district } = data;
  const error = actionData?.done === false ? actionData.error : undefined;
  return (
    <section aria-labelledby="page-title" className="records-page">
      <Breadcrumbs crumbs={data.crumbs} />
      <h1 id="page-title">
        {PAGE_TITLE}: {district.name}
      </h1>
      {district.deleted ? (
        <p className="alert" role="note">
          This district was deleted from the Districts list; its records are still kept until they are deleted for good here.
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="alert alert--error">
          {error}
        </p>
      ) : null}

      <section className="records-section" aria-labelledby="erase-title">
        <h2 id="erase-title">Delete for good</h2>
        <p>Deleting this district for good removes, from the database and the file store:</p>
        <EraseCounts
          keys={DISTRICT_COUNT_KEYS}
          counts={district.counts}
          more="its students' details, classroom places and access history; its calendar, norms, roster imports and the audit log's entries about all of them"
        />
        <p>
          It cannot be undone: the district&apos;s staff can no longer sign in, and its students&apos; records are gone. The audit log keeps
          a receipt (who, when, the district&apos;s id and these counts) without names. Copies in database and file backups taken before
          stay until those backups expire; a restore from one must replay the deletion receipts.
        </p>
        <p>
          To hide the district instead, so that it can be restored, use Delete on the <Link to="/super-admin">Super Admin View</Link>.
        </p>
        <p className="records-actions">
          <DialogLink dialog={DIALOG} className="button button--danger">
            Delete this district for good
          </DialogLink>
        </p>
      </section>

      <EraseDialog
        dialog={DIALOG}
        title={`Delete ${district.name} for good`}
        question={ERASURE_MESSAGES.districtConfirm(district.name, district.counts)}
        keys={DISTRICT_COUNT_KEYS}
        counts={district.counts}
        error={error}
      />
    </section>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}

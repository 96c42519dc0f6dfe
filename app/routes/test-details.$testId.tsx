import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "#app/components/Breadcrumbs";
import { ErrorPage, stylesheets } from "#app/components/page-kit";
import { RanRecordingPlayer } from "#app/components/ran/RanAudioPlayer";
import { RanInstructions } from "#app/components/ran/RanInstructions";
import { RanReferenceImage } from "#app/components/ran/RanReferenceImage";
import { RanScoringPanel } from "#app/components/ran/RanScoringPanel";
import { breadcrumbs } from "#app/domain/breadcrumbs";
import { UNABLE_TO_LOAD_TEST_DETAILS } from "#app/domain/test-details";
import { isUuid } from "#app/domain/url-state";
import { apiFor } from "#app/lib/api.server";
import { requireUser } from "#app/lib/auth.server";
import { loadRanScoring, RAN_INTENT, saveRanScore } from "#app/lib/ran-scoring.server";

// /test-details/{testId} (spec 001 §2): the RAN test on a page of its own, with the same scoring
// as the dialog; its practice is the first response (spec 001 §5), and its invalidity guidance
// is the older reading (ten or more errors).

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheets.ran },
  { rel: "stylesheet", href: stylesheets.ranScoring },
];

export const meta: MetaFunction = () => [{ title: "RAN Test Details – Early Literacy Screening" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  // Not an id at all: the shared 404 page (zod stays out of the page's script: it would add 90 KB).
  if (!isUuid(params.testId)) throw data({ message: "Test not found" }, { status: 404 });
  const loaded = await loadRanScoring(request, apiFor(request, context), params.testId, "position");
  if (!loaded.ok) {
    // 403 is the access-denied screen (spec 001 §2); 404, and a test that is not a RAN test, are not found.
    if (loaded.status === 403 || loaded.status === 404) throw data({ message: "Test not found" }, { status: loaded.status });
    if (loaded.status === 422) throw data({ message: "Test not found" }, { status: 404 });
    return { state: "error" as const, message: UNABLE_TO_LOAD_TEST_DETAILS };
  }
  const s = loaded.data;
  const p = s.participant;
  return {
    state: "ready" as const,
    scoring: s,
    crumbs: breadcrumbs({
      role: user.role,
      schoolCount: user.schoolIds.length,
      district: { id: p.Organization.organizationId, name: p.Organization.name },
      school: { id: p.OrganizationUnit.organizationUnitId, name: p.OrganizationUnit.name },
      classrooms: p.ParticipantGroup.map((g) => ({ id: g.participantGroupId, name: g.name })),
      student: { id: p.participantId, name: `${p.lastName}, ${p.firstName}` },
      tail: "RAN",
    }),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireUser(request, context);
  const form = await request.formData();
  if (form.get("intent") !== RAN_INTENT) throw data({ message: "Unknown action" }, { status: 400 });
  return saveRanScore(request, apiFor(request, context), form);
}

export default function RanTestDetailsPage() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (d.state === "error") {
    return (
      <section aria-labelledby="page-title" className="ran-page">
        <h1 id="page-title">RAN Test Details</h1>
        <p role="alert" className="alert alert--error">
          {d.message}
        </p>
      </section>
    );
  }
  const s = d.scoring;
  const view = s.view;
  const empty = view.state === "ready" && !view.practice && !view.test;
  return (
    <section aria-labelledby="page-title" className="ran-page">
      <Breadcrumbs crumbs={d.crumbs} />
      <h1 id="page-title">RAN Test Details</h1>
      <p className="ran-page__subtitle">
        {s.participant.firstName} {s.participant.lastName} · {s.testTitle}
      </p>
      <section aria-labelledby="ran-instructions-title" className="ran-page__section">
        <h2 id="ran-instructions-title">Scoring Instructions</h2>
        <RanInstructions reading="page" />
      </section>
      {view.state === "error" ? (
        <p role="alert" className="alert alert--error">
          {view.message}
        </p>
      ) : empty ? (
        <p className="empty">No results!</p>
      ) : (
        <>
          <section aria-labelledby="ran-practice-title" className="ran-page__section">
            <h2 id="ran-practice-title">Practice Question</h2>
            <table className="ran-table">
              <thead>
                <tr>
                  <th scope="col">Audio</th>
                  <th scope="col">Response Time</th>
                </tr>
              </thead>
              <tbody>
                {view.practice ? (
                  <tr>
                    <td>
                      <RanRecordingPlayer
                        id={`ran-${view.practice.id}`}
                        label="Practice recording"
                        recording={s.recordings[view.practice.id]}
                      />
                    </td>
                    <td>{view.practice.responseTime}</td>
                  </tr>
                ) : (
                  <tr>
                    <td colSpan={2} className="empty">
                      No results!
                    </td>
                  </tr>
                )}
              </tbody>
            </table>
          </section>
          <section aria-labelledby="ran-test-title" className="ran-page__section">
            <h2 id="ran-test-title">Test Details</h2>
            <table className="ran-table">
              <thead>
                <tr>
                  <th scope="col">Audio</th>
                  <th scope="col">Response Time</th>
                  <th scope="col">Scoring</th>
                </tr>
              </thead>
              <tbody>
                {view.test ? (
                  <RanScoringPanel
                    response={view.test}
                    recording={s.recordings[view.test.id]}
                    version={s.versions[view.test.id]}
                    canScore={s.canScore}
                    comparison={view.comparison}
                    history={view.history}
                    actionData={actionData?.ran}
                    layout="row"
                  />
                ) : (
                  <tr>
                    <td colSpan={3} className="empty">
                      No results!
                    </td>
                  </tr>
                )}
              </tbody>
            </table>
          </section>
        </>
      )}
      {s.grade ? <RanReferenceImage grade={s.grade} /> : null}
    </section>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}

import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { Breadcrumbs } from "#app/components/Breadcrumbs";
import { ErrorAlert } from "#app/components/ErrorAlert";
import { FormField } from "#app/components/FormField";
import { ErrorPage, stylesheets } from "#app/components/page-kit";
import { ProgressChart, type SupportSessionMarker } from "#app/components/charts/ProgressChart";
import { LetterTicks } from "#app/components/results/LetterTicks";
import { isUuid } from "#app/domain/url-state";
import { adminRequest } from "#app/lib/admin.server";
import { PROGRESS_INTENTS, PROGRESS_PAGE_TITLE as PAGE_TITLE } from "#app/domain/progress-monitoring";
import { loadProgressPage, removeProbe, saveProbe, type MeasureView, type ProbeReply } from "#app/lib/progress.server";
import { readFormData } from "#app/server/body-limit.server";
import progressCss from "#app/styles/progress.css";

// /student/{id}/progress (issue 39 items 5, 6): per measure (letter names, letter sounds, the
// grade's RAN) the chart of the probes with the goal line and trend, the form to save a probe, and
// the probes saved. Whoever sees the student may use it (the API refuses the others). Every form
// posts without JavaScript; a refused save shows what was typed again with the reason.

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheets.admin },
  // The letter ticks' styles are the grid's letter dialog's.
  { rel: "stylesheet", href: stylesheets.results },
  { rel: "stylesheet", href: stylesheets.charts },
  { rel: "stylesheet", href: progressCss },
];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${PAGE_TITLE}${data ? `: ${data.student.name}` : ""} – Early Literacy Screening` },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  if (!isUuid(params.studentId)) throw new Response(null, { status: 404, statusText: "Not Found" });
  const { user, api } = await adminRequest(request, context);
  return loadProgressPage(api, user, params.studentId, new URL(request.url));
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (!isUuid(params.studentId)) throw new Response(null, { status: 404, statusText: "Not Found" });
  const { api } = await adminRequest(request, context);
  const form = await readFormData(request);
  const intent = form.get("intent");
  if (intent === PROGRESS_INTENTS.probe) return saveProbe(request, api, params.studentId, form);
  if (intent === PROGRESS_INTENTS.delete) return removeProbe(request, api, params.studentId, form);
  throw data({ message: "Unknown action" }, { status: 400 });
}

export default function StudentProgressPage() {
  const d = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const probeReply = reply && "measure" in reply ? reply : null;
  const deleteError = reply && "deleteError" in reply ? reply.deleteError : null;
  const base = `/student/${d.student.id}/progress`;
  return (
    <section aria-labelledby="page-title" className="progress">
      <Breadcrumbs crumbs={d.crumbs} />
      <h1 id="page-title">
        {PAGE_TITLE}: {d.student.name}
      </h1>
      <p className="progress__intro">
        Short probes between benchmarks, at most one a week (Monday to Sunday) per measure. Each chart shows the probes, the goal line from
        the last benchmark to the next benchmark&apos;s target where the district has set one, and the trend once there are three probes.
      </p>
      {d.saved ? (
        <p role="status" className="alert alert--success">
          Probe saved.
        </p>
      ) : null}
      {d.deleted ? (
        <p role="status" className="alert alert--success">
          Probe deleted.
        </p>
      ) : null}
      <ErrorAlert message={deleteError} />
      {d.confirmDelete ? (
        <Form method="post" action={base} className="progress__confirm" aria-labelledby="delete-title">
          <h2 id="delete-title">Delete this probe?</h2>
          <p>
            {d.confirmDelete.title} probe of {d.confirmDelete.date}: {d.confirmDelete.text}. Delete it only if it was a mistake: the
            deletion is recorded with its figures.
          </p>
          <input type="hidden" name="intent" value={PROGRESS_INTENTS.delete} />
          <input type="hidden" name="probeId" value={d.confirmDelete.probeId} />
          <div className="progress__actions">
            <Link to={base} className="button">
              Cancel
            </Link>
            <button type="submit" className="button button--danger">
              Delete probe
            </button>
          </div>
        </Form>
      ) : null}
      {d.measures.length === 0 ? <p>No probe measure applies to this student&apos;s grade.</p> : null}
      {d.measures.map((m) => (
        <MeasureSection
          key={m.measure}
          m={m}
          name={d.student.name}
          today={d.today}
          sessions={d.sessions}
          saveKey={d.saveKey}
          base={base}
          reply={probeReply?.measure === m.measure ? probeReply : null}
        />
      ))}
      <SupportSessions sessions={d.sessions} />
      <p>
        <Link to={`/student/${d.student.id}`}>Back to {d.student.name}</Link>
      </p>
    </section>
  );
}

/** The support sessions logged for the student (issue 39 item 7), also marked on the charts above. */
function SupportSessions({ sessions }: { sessions: readonly { date: string; groupName: string; minutes: number; workedOn: string }[] }) {
  return (
    <section className="progress__sessions" aria-labelledby="support-sessions-title">
      <h2 id="support-sessions-title">Support sessions</h2>
      {sessions.length === 0 ? (
        <p>No support sessions logged for this student.</p>
      ) : (
        <ul>
          {sessions.map((s, i) => (
            <li key={`${s.date}-${i}`}>
              {s.date}: {s.groupName}, {s.minutes} minutes. Worked on: {s.workedOn}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

function MeasureSection({
  m,
  name,
  today,
  sessions,
  saveKey,
  base,
  reply,
}: {
  m: MeasureView;
  name: string;
  today: string;
  sessions: readonly SupportSessionMarker[];
  saveKey: string;
  base: string;
  reply: ProbeReply | null;
}) {
  const titleId = `probe-${m.measure}`;
  return (
    <section className="progress__measure" aria-labelledby={titleId}>
      <h2 id={titleId}>{m.title}</h2>
      <div className="progress__columns">
        <ProgressChart chart={m.chart} of={name} sessions={sessions} id={`${titleId}-chart`} />
        {m.measure === "ran" || m.items.length > 0 ? (
          <ProbeForm m={m} today={today} saveKey={`${saveKey}-${m.measure}`} reply={reply} />
        ) : null}
      </div>
      <h3 id={`${titleId}-list`}>{m.title} probes</h3>
      {m.probes.length === 0 ? (
        <p>No probes yet.</p>
      ) : (
        <table className="progress__table" aria-labelledby={`${titleId}-list`}>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Score</th>
              <th scope="col">Recorded by</th>
              <td />
            </tr>
          </thead>
          <tbody>
            {[...m.probes].reverse().map((p) => (
              <tr key={p.probeId} data-probe={p.probeId}>
                <th scope="row">{p.date}</th>
                <td>{p.text}</td>
                <td>{p.recordedBy ?? "—"}</td>
                <td>
                  <Link to={`${base}?delete=${p.probeId}`} aria-label={`Delete the ${m.title} probe of ${p.date}`}>
                    Delete
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function ProbeForm({ m, today, saveKey, reply }: { m: MeasureView; today: string; saveKey: string; reply: ProbeReply | null }) {
  const probeCount = m.probes.length;
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("measure") === m.measure;
  const submit = useRef<HTMLButtonElement | null>(null);
  const values = reply?.values;
  const initial = Object.fromEntries(m.items.map((i) => [i.code, values?.correct.includes(i.code) ? 1 : 0])) as Record<string, 0 | 1>;
  const none = Object.fromEntries(m.items.map((i) => [i.code, 0])) as Record<string, 0 | 1>;
  const formId = `probe-form-${m.measure}`;
  return (
    <Form
      method="post"
      noValidate
      // A fresh form after a save or a deletion (the count changes); the typed one kept after a refusal.
      key={probeCount}
      className="letter-dialog__form progress__form"
      data-hydrated={hydrated ? "" : undefined}
      aria-labelledby={`${formId}-title`}
    >
      <h3 id={`${formId}-title`}>New {m.title} probe</h3>
      <input type="hidden" name="intent" value={PROGRESS_INTENTS.probe} />
      <input type="hidden" name="idempotencyKey" value={saveKey} />
      <input type="hidden" name="measure" value={m.measure} />
      <FormField
        name="date"
        label="Date"
        hint="YYYY-MM-DD, not after today"
        defaultValue={values?.date ?? today}
        error={reply?.fieldErrors.date}
      />
      {m.measure === "ran" ? (
        <>
          <FormField
            name="secs"
            label="Time in seconds"
            defaultValue={values?.secs ?? ""}
            inputMode="text"
            error={reply?.fieldErrors.secs}
          />
          <FormField
            name="errors"
            label="Errors"
            defaultValue={values?.errors ?? ""}
            inputMode="numeric"
            error={reply?.fieldErrors.errors}
          />
        </>
      ) : (
        <LetterTicks
          items={m.items}
          initial={initial}
          saved={none}
          legend={`${m.title}: check each letter the student got right`}
          helpId={`${formId}-help`}
          hydrated={hydrated}
          onPastEnd={() => submit.current?.focus()}
        />
      )}
      {reply ? (
        <div role="alert" className="alert alert--error">
          <p>{reply.message}</p>
          {reply.fieldErrors.correct ? <p className="alert__detail">{reply.fieldErrors.correct}</p> : null}
        </div>
      ) : null}
      <div className="progress__actions">
        <button ref={submit} type="submit" className="button button--primary" disabled={pending}>
          {pending ? "Saving…" : `Save ${m.title} probe`}
        </button>
      </div>
    </Form>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}

import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Breadcrumbs } from "#app/components/Breadcrumbs";
import { FormField, SelectField } from "#app/components/FormField";
import { ErrorPage } from "#app/components/page-kit";
import { breadcrumbs } from "#app/domain/breadcrumbs";
import { localIsoDate } from "#app/domain/calendar-date";
import { GROUP_INTENTS, groupLettersText, suggestedName } from "#app/domain/support-groups";
import { isUuid } from "#app/domain/url-state";
import { apiFor } from "#app/lib/api.server";
import { requireUser } from "#app/lib/auth.server";
import { groupAction, type GroupFormReply } from "#app/lib/support-groups.server";
import { readFormData } from "#app/server/body-limit.server";
import supportGroupsCss from "#app/styles/support-groups.css";
import { loadClassroom } from "./classroom.$classroomId.server";

// /classroom/{id}/groups (issue 39 item 7; docs/features/support-groups.md): the classroom's
// letters to work on, suggested support groups (3 to 6 students who miss the same letters), the
// groups the teacher saved with their sessions, and a printable sheet per group (print CSS: one
// group to a page). Every form posts without JavaScript; the API checks who may do what.

const PAGE_TITLE = "Support groups";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: supportGroupsCss }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${PAGE_TITLE}${data ? `: ${data.classroom.name}` : ""} – Early Literacy Screening` },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  if (!isUuid(params.classroomId)) throw new Response(null, { status: 404, statusText: "Not Found" });
  const api = apiFor(request, context);
  const id = params.classroomId;
  const [{ info }, groups] = await Promise.all([
    loadClassroom(api, id),
    api.load(api.GET("/participantGroups/{id}/supportGroups", { params: { path: { id } } })),
  ]);
  return {
    classroom: { id: info.id, name: info.name },
    groups,
    today: localIsoDate(new Date()),
    crumbs: breadcrumbs({
      role: user.role,
      schoolCount: user.schoolIds.length,
      district: { id: info.districtId, name: info.districtName },
      school: { id: info.schoolId, name: info.schoolName },
      classrooms: [{ id: info.id, name: info.name }],
      tail: PAGE_TITLE,
    }),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  await requireUser(request, context);
  if (!isUuid(params.classroomId)) throw new Response(null, { status: 404, statusText: "Not Found" });
  return groupAction(request, apiFor(request, context), params.classroomId, await readFormData(request));
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
type Letters = { letterNames: string[]; letterSounds: string[] };
const asGroupLetters = (l: Letters) => ({ "letter-names": l.letterNames, "letter-sounds": l.letterSounds });

export default function SupportGroupsPage() {
  const d = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const form = reply && "groupForm" in reply ? (reply as GroupFormReply).groupForm : null;
  const { groups } = d;
  const byId = new Map(groups.students.map((s) => [s.participantId, s]));
  const names = (l: { letter: string; students: number }[]) => l.map((r) => `${r.letter} (${r.students})`).join(", ");
  return (
    <section aria-labelledby="page-title" className="support-groups">
      <Breadcrumbs crumbs={d.crumbs} />
      <h1 id="page-title">
        {PAGE_TITLE}: {d.classroom.name}
      </h1>
      <div className="support-groups__screen">
        <p>
          Letters to work on come from each student&apos;s latest letter name and letter sound entries of this school year. Suggested groups
          are 3 to 6 students of this classroom who miss the same letters.{" "}
          <Link to={`/classroom/${d.classroom.id}`}>Back to the classroom</Link>
        </p>
        <h2>Letters most missed</h2>
        {groups.mostMissed.letterNames.length === 0 && groups.mostMissed.letterSounds.length === 0 ? (
          <p>No letters missed in this school year&apos;s latest letter entries.</p>
        ) : null}
        {groups.mostMissed.letterNames.length > 0 ? (
          <p>Letter names, students missing each: {names(groups.mostMissed.letterNames)}</p>
        ) : null}
        {groups.mostMissed.letterSounds.length > 0 ? (
          <p>Letter sounds, students missing each: {names(groups.mostMissed.letterSounds)}</p>
        ) : null}
        <PrintHint />
      </div>

      <h2 className="support-groups__screen">Saved groups</h2>
      {groups.groups.length === 0 ? <p className="support-groups__screen">No saved groups yet: save a suggested group below.</p> : null}
      <div className="support-groups__cards">
        {groups.groups.map((g) => (
          <SavedGroup key={g.supportGroupId} d={d} group={g} byId={byId} form={form?.key === g.supportGroupId ? form : null} />
        ))}
      </div>

      <h2 className="support-groups__screen">Suggested groups</h2>
      {groups.suggested.length === 0 ? (
        <p className="support-groups__screen">No suggestions: fewer than 3 students not in a saved group miss the same letter.</p>
      ) : null}
      <div className="support-groups__cards support-groups__suggested">
        {groups.suggested.map((g, i) => {
          const key = `suggested-${g.participantIds.join(",")}`;
          return <SuggestedGroup key={key} formKey={key} index={i} d={d} group={g} byId={byId} form={form?.key === key ? form : null} />;
        })}
      </div>

      {groups.ungrouped.length > 0 ? (
        <div className="support-groups__screen">
          <h2>Not in a suggested group</h2>
          <ul>
            {groups.ungrouped.map((id) => {
              const s = byId.get(id);
              return s ? <StudentLine key={id} student={s} /> : null;
            })}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

type Student = Data["groups"]["students"][number];
type FormState = GroupFormReply["groupForm"] | null;

function StudentLine({ student }: { student: Student }) {
  const text = groupLettersText(asGroupLetters(student.letters));
  return (
    <li>
      <Link to={`/student/${student.participantId}`}>{student.name}</Link>:{" "}
      {text === "No letters in common" ? "no letters to work on" : text}
    </li>
  );
}

function Students({ ids, byId }: { ids: readonly string[]; byId: Map<string, Student> }) {
  return (
    <ul aria-label="Students">
      {ids.map((id) => {
        const s = byId.get(id);
        return s ? <StudentLine key={id} student={s} /> : null;
      })}
    </ul>
  );
}

function FormError({ form }: { form: FormState }) {
  return form?.formError ? (
    <p role="alert" className="support-group__error">
      {form.formError}
    </p>
  ) : null;
}

function SuggestedGroup({
  d,
  group,
  byId,
  form,
  formKey,
  index,
}: {
  d: Data;
  group: Data["groups"]["suggested"][number];
  byId: Map<string, Student>;
  form: FormState;
  formKey: string;
  index: number;
}) {
  const name = suggestedName(asGroupLetters(group.letters));
  const headingId = `suggested-${index}-title`;
  return (
    <article className="support-group" aria-labelledby={headingId}>
      <p className="support-group__sheet-title">{d.classroom.name}: suggested support group</p>
      <h3 id={headingId}>Suggested: {name}</h3>
      <p className="support-group__letters">Letters to work on: {groupLettersText(asGroupLetters(group.letters))}</p>
      <Students ids={group.participantIds} byId={byId} />
      <Form method="post" noValidate aria-label={`Save the suggested group ${name}`}>
        <input type="hidden" name="intent" value={GROUP_INTENTS.save} />
        <input type="hidden" name="key" value={formKey} />
        {group.participantIds.map((id) => (
          <input key={id} type="hidden" name="participantId" value={id} />
        ))}
        {group.letters.letterNames.map((l) => (
          <input key={`n${l}`} type="hidden" name="letterName" value={l} />
        ))}
        {group.letters.letterSounds.map((l) => (
          <input key={`s${l}`} type="hidden" name="letterSound" value={l} />
        ))}
        <FormError form={form} />
        <FormField name="name" label="Group name" defaultValue={form?.values.name ?? name} error={form?.errors.name} />
        <div className="support-group__row">
          <button type="submit" className="button button--primary">
            Save group
          </button>
        </div>
      </Form>
    </article>
  );
}

function SavedGroup({
  d,
  group,
  byId,
  form,
}: {
  d: Data;
  group: Data["groups"]["groups"][number];
  byId: Map<string, Student>;
  form: FormState;
}) {
  const headingId = `group-${group.supportGroupId}-title`;
  const others = d.groups.students.filter((s) => s.supportGroupId !== group.supportGroupId);
  const mine = (intent: string) => (form?.intent === intent ? form : null);
  return (
    <article className="support-group" aria-labelledby={headingId}>
      <p className="support-group__sheet-title">{d.classroom.name}: support group</p>
      <h3 id={headingId}>{group.name}</h3>
      <p className="support-group__letters">Letters to work on: {groupLettersText(asGroupLetters(group.letters))}</p>
      {group.participantIds.length === 0 ? <p>No students in this group now.</p> : <Students ids={group.participantIds} byId={byId} />}
      <h4>Sessions</h4>
      {group.sessions.length === 0 ? (
        <p>No sessions logged yet.</p>
      ) : (
        <ul aria-label={`Sessions of ${group.name}`}>
          {group.sessions.map((s) => (
            <li key={s.supportSessionId}>
              {s.on}: {s.minutes} minutes. Worked on: {s.workedOn}
            </li>
          ))}
        </ul>
      )}
      <Form method="post" noValidate aria-label={`Rename ${group.name}`}>
        <input type="hidden" name="intent" value={GROUP_INTENTS.rename} />
        <input type="hidden" name="supportGroupId" value={group.supportGroupId} />
        <FormError form={mine(GROUP_INTENTS.rename)} />
        <FormField
          name="name"
          label="Group name"
          defaultValue={mine(GROUP_INTENTS.rename)?.values.name ?? group.name}
          error={mine(GROUP_INTENTS.rename)?.errors.name}
        />
        <div className="support-group__row">
          <button type="submit" className="button">
            Rename
          </button>
        </div>
      </Form>
      {others.length > 0 ? (
        <Form method="post" noValidate aria-label={`Move a student into ${group.name}`}>
          <input type="hidden" name="intent" value={GROUP_INTENTS.move} />
          <input type="hidden" name="supportGroupId" value={group.supportGroupId} />
          <FormError form={mine(GROUP_INTENTS.move)} />
          <SelectField
            name="participantId"
            label="Move a student into this group"
            options={others.map((s) => ({ value: s.participantId, label: s.name }))}
            error={mine(GROUP_INTENTS.move)?.errors.participantId}
          />
          <div className="support-group__row">
            <button type="submit" className="button">
              Move here
            </button>
          </div>
        </Form>
      ) : null}
      <Form method="post" noValidate aria-label={`Log a session of ${group.name}`}>
        <input type="hidden" name="intent" value={GROUP_INTENTS.session} />
        <input type="hidden" name="supportGroupId" value={group.supportGroupId} />
        <FormError form={mine(GROUP_INTENTS.session)} />
        <FormField
          name="on"
          label="Session date"
          hint="Format: YYYY-MM-DD"
          inputMode="numeric"
          defaultValue={mine(GROUP_INTENTS.session)?.values.on ?? d.today}
          error={mine(GROUP_INTENTS.session)?.errors.on}
        />
        <FormField
          name="minutes"
          label="Minutes"
          inputMode="numeric"
          defaultValue={mine(GROUP_INTENTS.session)?.values.minutes ?? ""}
          error={mine(GROUP_INTENTS.session)?.errors.minutes}
        />
        <WorkedOn id={`worked-on-${group.supportGroupId}`} form={mine(GROUP_INTENTS.session)} />
        <div className="support-group__row">
          <button type="submit" className="button button--primary">
            Log session
          </button>
        </div>
      </Form>
    </article>
  );
}

function WorkedOn({ id, form }: { id: string; form: FormState }) {
  const error = form?.errors.workedOn;
  return (
    <div className="support-group__field">
      <label htmlFor={id}>What was worked on</label>
      <textarea
        id={id}
        name="workedOn"
        rows={2}
        defaultValue={form?.values.workedOn ?? ""}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <p id={`${id}-error`} className="support-group__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Printing needs the browser's print dialog: the button appears once scripts run; the hint says how without them. */
function PrintHint() {
  const [scripts, setScripts] = useState(false);
  useEffect(() => setScripts(true), []);
  return (
    <p>
      {scripts ? (
        <button type="button" className="button" onClick={() => window.print()}>
          Print group sheets
        </button>
      ) : null}{" "}
      Each group prints on its own page with its students and the letters to work on (your browser&apos;s Print command: Ctrl+P, or ⌘P).
    </p>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}

import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "#app/components/Breadcrumbs";
import { ErrorAlert } from "#app/components/ErrorAlert";
import { FamilyNotice } from "#app/components/family-notice/FamilyNotice";
import { ErrorPage, stylesheets } from "#app/components/page-kit";
import { breadcrumbs } from "#app/domain/breadcrumbs";
import { NOTICE_INTENTS, NOTICE_LANG_NAMES, NOTICE_LANGS, NOTICE_MAX, type NoticeLang } from "#app/domain/family-notice";
import { may } from "#app/domain/permissions";
import { isUuid } from "#app/domain/url-state";
import { adminRequest } from "#app/lib/admin.server";
import { loadNoticeEditor, previewNotice, resetNotice, saveNotice } from "#app/lib/family-notice.server";
import { readFormData } from "#app/server/body-limit.server";
import familyNoticeCss from "#app/styles/family-notice.css";

// /district/{id}/notice-letter (issue 38 item 4): the district's own wording of the family notice
// letter in each language, with fill-ins, a preview filled with a made-up or a real student, and
// a way back to our default wording. District admins and super admins, as the follow-up policy
// (the API refuses everyone else). The 'Follow-up policy' tab links here.

const PAGE_TITLE = "Family notice letter";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheets.admin },
  { rel: "stylesheet", href: familyNoticeCss },
];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${PAGE_TITLE}${data ? `: ${data.district.name}` : ""} – Early Literacy Screening` },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  if (!isUuid(params.districtId)) throw new Response(null, { status: 404, statusText: "Not Found" });
  const id = params.districtId;
  const { user, api } = await adminRequest(request, context);
  // The wording is read by every user of the district (their letters use it), but edited here only by those who set the policy.
  if (!may(user.role, "manageFollowUpPolicy")) throw data({ message: "Forbidden" }, { status: 403 });
  const [district, editor] = await Promise.all([
    api.load(api.GET("/organization/{id}", { params: { path: { id } } })),
    loadNoticeEditor(request, api, id),
  ]);
  const crumbs = breadcrumbs({
    role: user.role,
    schoolCount: user.schoolIds.length,
    district: { id: district.organizationId, name: district.name },
  });
  const last = crumbs.at(-1);
  if (last) last.href = `/district/${district.organizationId}?tab=followUp`;
  crumbs.push({ label: PAGE_TITLE, href: null });
  return { district: { id: district.organizationId, name: district.name }, editor, crumbs };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (!isUuid(params.districtId)) throw new Response(null, { status: 404, statusText: "Not Found" });
  const { api } = await adminRequest(request, context);
  const form = await readFormData(request);
  const intent = form.get("intent");
  if (intent === NOTICE_INTENTS.save) return saveNotice(request, api, form, params.districtId);
  if (intent === NOTICE_INTENTS.preview) return previewNotice(request, api, form, params.districtId);
  // The button says which language: 'notice-default:es'.
  if (typeof intent === "string" && intent.startsWith(`${NOTICE_INTENTS.reset}:`))
    return resetNotice(request, api, params.districtId, intent.slice(NOTICE_INTENTS.reset.length + 1));
  throw data({ message: "Unknown action" }, { status: 400 });
}

export default function NoticeLetterPage() {
  const d = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const r = reply && "noticeForm" in reply ? reply.noticeForm : null;
  const settings = d.editor.settings;
  const values = r?.values ?? d.editor.values;
  const errors: Record<string, string> = r?.errors ?? {};
  return (
    <section aria-labelledby="page-title" className="family-notice-editor">
      <Breadcrumbs crumbs={d.crumbs} />
      <h1 id="page-title">{PAGE_TITLE}</h1>
      <p>
        The letter a family gets after a flag opens a follow-up: what was screened, what the flag means and does not mean, what the school
        does next and whom to contact. Teachers print it from a student&apos;s follow-up page or for a whole class. Write your own wording
        in each language, or keep ours.
      </p>
      <ErrorAlert message={d.editor.error} />
      {settings ? (
        <>
          <div>
            <h2>Fill-ins</h2>
            <p>
              Write these where the letter should say them; {"{{"} and {"}}"} print a brace.
            </p>
            <ul>
              {settings.placeholders.map((p) => (
                <li key={p.name}>
                  <code>{`{${p.name}}`}</code>: {p.label}
                </li>
              ))}
            </ul>
          </div>
          <Form method="post" noValidate className="family-notice-editor__form" key={settings.updatedAt ?? "default"}>
            <ErrorAlert message={r?.formError} />
            <div className="family-notice-editor__field">
              <label htmlFor="notice-contact">Whom families contact</label>
              <input
                id="notice-contact"
                name="contact"
                defaultValue={values.contact}
                maxLength={NOTICE_MAX.contact}
                aria-invalid={errors.contact ? true : undefined}
                aria-describedby={`notice-contact-hint${errors.contact ? " notice-contact-error" : ""}`}
              />
              <p id="notice-contact-hint" className="muted">
                For example a name, a role and a telephone number. Empty: the letter says &lsquo;{settings.defaultContact.en}&rsquo;.
              </p>
              <FieldError id="notice-contact-error" message={errors.contact} />
            </div>
            {settings.languages.map((l) => (
              <fieldset key={l.lang} className="family-notice-editor__lang">
                <legend>
                  {l.languageName} letter{l.custom ? ": the district's own wording" : ": the default wording"}
                </legend>
                <TextField
                  id={`notice-${l.lang}-title`}
                  name={`${l.lang}_title`}
                  label="Title"
                  lang={l.lang}
                  value={values[`${l.lang}_title`]}
                  error={errors[`${l.lang}_title`]}
                />
                <TextField
                  id={`notice-${l.lang}-body`}
                  name={`${l.lang}_body`}
                  label="Letter"
                  lang={l.lang}
                  value={values[`${l.lang}_body`]}
                  error={errors[`${l.lang}_body`]}
                  multiline
                />
                {l.custom ? (
                  <div>
                    <button type="submit" form="notice-reset" name="intent" value={`${NOTICE_INTENTS.reset}:${l.lang}`} className="button">
                      Return the {l.languageName} letter to the default wording
                    </button>
                  </div>
                ) : null}
              </fieldset>
            ))}
            <div className="family-notice-editor__actions">
              <button type="submit" name="intent" value={NOTICE_INTENTS.save} className="button button--primary">
                Save the letter
              </button>
            </div>
            <fieldset className="family-notice-editor__lang">
              <legend>Preview</legend>
              <div className="family-notice-editor__actions">
                <div className="field">
                  <label htmlFor="notice-preview-lang">Language</label>
                  <select id="notice-preview-lang" name="previewLang" defaultValue={values.previewLang}>
                    {NOTICE_LANGS.map((lang) => (
                      <option key={lang} value={lang} lang={lang}>
                        {NOTICE_LANG_NAMES[lang]}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="field">
                  <label htmlFor="notice-preview-student">Fill in with</label>
                  <select id="notice-preview-student" name="previewStudent" defaultValue={values.previewStudent}>
                    <option value="">A sample student (Sam Sample)</option>
                    {d.editor.students.map((s) => (
                      <option key={s.id} value={s.id}>
                        {s.name}
                      </option>
                    ))}
                  </select>
                </div>
                <button type="submit" name="intent" value={NOTICE_INTENTS.preview} className="button">
                  Preview the letter
                </button>
              </div>
              <p className="muted">The preview uses the wording as typed above; nothing is saved until you choose Save the letter.</p>
            </fieldset>
          </Form>
          {/* The reset buttons belong to this form, so Enter in a field of the wording saves it and resets nothing. */}
          <Form method="post" id="notice-reset" />
          {r?.preview ? (
            <section className="family-notice-editor__preview" aria-labelledby="notice-preview-title">
              <h2 id="notice-preview-title">
                Preview: {NOTICE_LANG_NAMES[r.preview.lang as NoticeLang]} letter{r.preview.sample ? ", sample student" : ""}
              </h2>
              <FamilyNotice letter={{ participantId: "preview", ...r.preview }} lang={r.preview.lang} headingLevel={3} />
            </section>
          ) : null}
        </>
      ) : null}
      <p>
        <Link to={`/district/${d.district.id}?tab=followUp`}>Back to the follow-up policy</Link>
      </p>
    </section>
  );
}

function TextField(props: { id: string; name: string; label: string; lang: string; value: string; error?: string; multiline?: boolean }) {
  const { id, name, label, lang, value, error, multiline } = props;
  const common = {
    id,
    name,
    lang,
    defaultValue: value,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : undefined,
  };
  return (
    <div className="family-notice-editor__field">
      <label htmlFor={id}>{label}</label>
      {multiline ? <textarea {...common} rows={16} /> : <input {...common} />}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="field__error">
      {message}
    </p>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}

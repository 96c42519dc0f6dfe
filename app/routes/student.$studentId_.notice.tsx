import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSubmit } from "@remix-run/react";
import { Breadcrumbs } from "#app/components/Breadcrumbs";
import { FamilyNotice, MarkNoticesSent, PrintNoticesButton } from "#app/components/family-notice/FamilyNotice";
import { ErrorPage } from "#app/components/page-kit";
import { breadcrumbs } from "#app/domain/breadcrumbs";
import { localIsoDate } from "#app/domain/calendar-date";
import { isNoticeLang, NOTICE_LANG_NAMES, NOTICE_LANGS } from "#app/domain/family-notice";
import { NO_POLICY_TEXT } from "#app/domain/follow-up-policy";
import { isUuid } from "#app/domain/url-state";
import { adminRequest } from "#app/lib/admin.server";
import { noticePageAction } from "#app/lib/family-notice.server";
import familyNoticeCss from "#app/styles/family-notice.css";

// /student/{id}/notice (issue 38 item 4): one student's family notice letter, in the language
// chosen, to print from the student's follow-up page; then, if the notice is still owed, a form
// to record it as sent once the user says it went out.

const PAGE_TITLE = "Print the family notice";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: familyNoticeCss }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${PAGE_TITLE}${data ? `: ${data.student.name}` : ""} – Early Literacy Screening` },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  if (!isUuid(params.studentId)) throw new Response(null, { status: 404, statusText: "Not Found" });
  const id = params.studentId;
  const { user, api } = await adminRequest(request, context);
  const langParam = new URL(request.url).searchParams.get("lang");
  const lang = isNoticeLang(langParam) ? langParam : "en";
  const [notices, student] = await Promise.all([
    api.load(api.GET("/followUpNotices", { params: { query: { participantId: id, lang } } })),
    api.load(api.GET("/participants/{id}", { params: { path: { id } } })),
  ]);
  const school = await api.load(api.GET("/organizationUnit/{id}", { params: { path: { id: student.organizationUnitId } } }));
  const name = `${student.lastName}, ${student.firstName}`;
  return {
    student: { id: student.participantId, name },
    lang,
    languages: NOTICE_LANGS.map((value) => ({ value, label: NOTICE_LANG_NAMES[value] })),
    notices,
    today: localIsoDate(new Date()),
    crumbs: breadcrumbs({
      role: user.role,
      schoolCount: user.schoolIds.length,
      district: { id: school.organizationId, name: school.Organization?.name ?? "District" },
      school: { id: school.organizationUnitId, name: school.name },
      student: { id: student.participantId, name },
      tail: PAGE_TITLE,
    }),
  };
}

export function action({ request, params, context }: ActionFunctionArgs) {
  return noticePageAction(request, context, params.studentId);
}

export default function StudentNoticePage() {
  const d = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const submit = useSubmit();
  const letter = d.notices.letters[0] ?? null;
  return (
    <section aria-labelledby="page-title" className="family-notices-page">
      <div className="no-print">
        <Breadcrumbs crumbs={d.crumbs} />
        <h1 id="page-title">
          {PAGE_TITLE}: {d.student.name}
        </h1>
        <p>
          <Link to={`/student/${d.student.id}/follow-up`}>Back to the follow-up</Link>
        </p>
        <Form
          method="get"
          className="family-notices__controls"
          onChange={(event) => submit(event.currentTarget, { replace: true, preventScrollReset: true })}
        >
          <div className="field">
            <label htmlFor="family-notice-lang">Language</label>
            <select id="family-notice-lang" name="lang" defaultValue={d.lang} key={d.lang}>
              {d.languages.map((o) => (
                <option key={o.value} value={o.value} lang={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="button">
            Show the letter
          </button>
          {letter ? <PrintNoticesButton count={1} /> : null}
        </Form>
        {!d.notices.policySet ? (
          <p className="alert">{NO_POLICY_TEXT}</p>
        ) : letter === null ? (
          <p className="empty">This student has no open follow-up after a flag, so there is no notice to print.</p>
        ) : letter.awaiting ? (
          <MarkNoticesSent
            key={letter.followUpIds.join()}
            students={[letter]}
            today={d.today}
            formError={reply && "markSent" in reply ? reply.markSent.formError : null}
          />
        ) : (
          <p>The notice was recorded as sent on {letter.noticeSentOn}. You can print the letter again.</p>
        )}
      </div>
      {letter ? (
        <div className="family-notices__sheets">
          <FamilyNotice letter={letter} lang={d.notices.htmlLang} />
        </div>
      ) : null}
    </section>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}

import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSubmit } from "@remix-run/react";
import { Breadcrumbs } from "#app/components/Breadcrumbs";
import { FamilyNotice, MarkNoticesSent, PrintNoticesButton } from "#app/components/family-notice/FamilyNotice";
import { ErrorPage } from "#app/components/page-kit";
import { breadcrumbs } from "#app/domain/breadcrumbs";
import { localIsoDate } from "#app/domain/calendar-date";
import { isNoticeLang, NOTICE_LANG_NAMES, NOTICE_LANGS, noticesCount } from "#app/domain/family-notice";
import { NO_POLICY_TEXT } from "#app/domain/follow-up-policy";
import { isUuid } from "#app/domain/url-state";
import { adminRequest } from "#app/lib/admin.server";
import { noticePageAction } from "#app/lib/family-notice.server";
import familyNoticeCss from "#app/styles/family-notice.css";

// /classroom/{id}/notices (issue 38 item 4): the family notice letters of the classroom's
// students whose follow-up awaits its notice, in the language chosen, one per sheet; then a form
// to record the printed ones as sent, only when the user says they went out. The classroom page
// and its family reports link here.

const PAGE_TITLE = "Print family notices";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: familyNoticeCss }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${PAGE_TITLE}: ${data.classroom.name} – Early Literacy Screening` : `${PAGE_TITLE} – Early Literacy Screening` },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  if (!isUuid(params.classroomId)) throw new Response(null, { status: 404, statusText: "Not Found" });
  const id = params.classroomId;
  const { user, api } = await adminRequest(request, context);
  const langParam = new URL(request.url).searchParams.get("lang");
  const lang = isNoticeLang(langParam) ? langParam : "en";
  const [classroom, notices] = await Promise.all([
    api.load(api.GET("/participantGroups/{id}", { params: { path: { id } } })),
    api.load(api.GET("/followUpNotices", { params: { query: { classroomId: id, lang } } })),
  ]);
  const district = classroom.OrganizationUnit.Organization;
  return {
    classroom: { id: classroom.participantGroupId, name: classroom.name },
    lang,
    languages: NOTICE_LANGS.map((value) => ({ value, label: NOTICE_LANG_NAMES[value] })),
    notices,
    today: localIsoDate(new Date()),
    crumbs: breadcrumbs({
      role: user.role,
      schoolCount: user.schoolIds.length,
      district: { id: district.organizationId, name: district.name },
      school: { id: classroom.OrganizationUnit.organizationUnitId, name: classroom.OrganizationUnit.name },
      classrooms: [{ id: classroom.participantGroupId, name: classroom.name }],
      tail: PAGE_TITLE,
    }),
  };
}

export function action({ request, params, context }: ActionFunctionArgs) {
  return noticePageAction(request, context, params.classroomId);
}

export default function ClassroomNoticesPage() {
  const d = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const submit = useSubmit();
  const letters = d.notices.letters;
  const count = letters.length;
  return (
    <section aria-labelledby="page-title" className="family-notices-page">
      <div className="no-print">
        <Breadcrumbs crumbs={d.crumbs} />
        <h1 id="page-title">{PAGE_TITLE}</h1>
        <p>
          {d.classroom.name}: a letter to the family of each student whose follow-up after a flag awaits its notice, each on its own page.{" "}
          <Link to={`/classroom/${d.classroom.id}`}>Back to the classroom</Link>
        </p>
        <Form
          method="get"
          className="family-notices__controls"
          onChange={(event) => submit(event.currentTarget, { replace: true, preventScrollReset: true })}
        >
          <div className="field">
            <label htmlFor="family-notices-lang">Language</label>
            <select id="family-notices-lang" name="lang" defaultValue={d.lang} key={d.lang}>
              {d.languages.map((o) => (
                <option key={o.value} value={o.value} lang={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="button">
            Show letters
          </button>
          {count > 0 ? <PrintNoticesButton count={count} /> : null}
        </Form>
        {!d.notices.policySet ? (
          <p className="alert">{NO_POLICY_TEXT}</p>
        ) : count === 0 ? (
          <p className="empty">No student of this classroom awaits a family notice.</p>
        ) : (
          <>
            <p className="muted">
              {noticesCount(count)} below. You can also print with your browser&apos;s Print command (Ctrl+P, or ⌘P on a Mac).
            </p>
            <MarkNoticesSent
              key={letters.map((l) => l.participantId).join()}
              students={letters}
              today={d.today}
              formError={reply && "markSent" in reply ? reply.markSent.formError : null}
            />
          </>
        )}
      </div>
      {count > 0 ? (
        <div className="family-notices__sheets">
          {letters.map((letter) => (
            <FamilyNotice key={letter.participantId} letter={letter} lang={d.notices.htmlLang} />
          ))}
        </div>
      ) : null}
    </section>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}

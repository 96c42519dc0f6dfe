import { data } from "@remix-run/node";
import { NOTICE_INTENTS, NOTICE_LANGS, isNoticeLang, noticesCount, type NoticeLang } from "#app/domain/family-notice";
import { SUBMIT_FAILED_MESSAGE } from "#app/domain/form-messages";
import { isUuid } from "#app/domain/url-state";
import { readFormData } from "#app/server/body-limit.server";
import { adminRequest, loadPart, succeeded } from "./admin.server";
import type { ApiClient, ApiSchema } from "./api.server";
import { signOutAndRedirect } from "./session.server";

// The family notice letter's pages (issue 38 item 4): the district's wording editor
// (/district/{id}/notice-letter) and the forms of the print pages (a classroom's notices, one
// student's) that record notices as sent. Plain forms: they work without JavaScript; the API
// checks the caller and every rule again, and its messages come back under the fields.

export const NOTICE_LOAD_FAILED = "Unable to load the family notice letter.";

/** The editor's fields: the contact, each language's title and body, the preview's choices. */
export type NoticeFormValues = { contact: string; previewLang: NoticeLang; previewStudent: string } & Record<
  `${NoticeLang}_title` | `${NoticeLang}_body`,
  string
>;

export type NoticeEditorData = {
  error: string | null;
  settings: ApiSchema<"FamilyNoticeSettings"> | null;
  values: NoticeFormValues;
  /** Students with a follow-up, to preview the letter with one of them. */
  students: { id: string; name: string }[];
};

const get = (form: FormData, name: string) => (typeof form.get(name) === "string" ? String(form.get(name)) : "");

function valuesOf(settings: ApiSchema<"FamilyNoticeSettings"> | null): NoticeFormValues {
  const values = { contact: settings?.contact ?? "", previewLang: "en", previewStudent: "" } as NoticeFormValues;
  for (const lang of NOTICE_LANGS) {
    const l = settings?.languages.find((x) => x.lang === lang);
    values[`${lang}_title`] = l?.wording.title ?? "";
    values[`${lang}_body`] = l?.wording.body ?? "";
  }
  return values;
}

export function noticeFormValuesOf(form: FormData): NoticeFormValues {
  const lang = get(form, "previewLang");
  const values = {
    contact: get(form, "contact"),
    previewLang: isNoticeLang(lang) ? lang : "en",
    previewStudent: get(form, "previewStudent"),
  } as NoticeFormValues;
  for (const l of NOTICE_LANGS) {
    values[`${l}_title`] = get(form, `${l}_title`);
    values[`${l}_body`] = get(form, `${l}_body`);
  }
  return values;
}

export async function loadNoticeEditor(request: Request, api: ApiClient, districtId: string): Promise<NoticeEditorData> {
  const [settings, list] = await Promise.all([
    loadPart(request, api.GET("/organization/{id}/followUpNotice", { params: { path: { id: districtId } } }), NOTICE_LOAD_FAILED),
    // The preview's real students: the district's follow-ups by name (a failure leaves the sample only).
    loadPart(
      request,
      api.GET("/organization/{id}/followUps", { params: { path: { id: districtId }, query: { sort: "name", limit: 100 } } }),
      NOTICE_LOAD_FAILED,
      { denied: "alert" },
    ),
  ]);
  const seen = new Set<string>();
  const students = (list.data?.rows ?? []).flatMap((r) => {
    if (seen.has(r.participantId)) return [];
    seen.add(r.participantId);
    return [{ id: r.participantId, name: `${r.studentName} (${r.schoolName})` }];
  });
  return { error: settings.error, settings: settings.data, values: valuesOf(settings.data), students };
}

export type NoticeEditorReply = {
  noticeForm: {
    values: NoticeFormValues | null;
    errors: Record<string, string>;
    formError: string | null;
    preview: ApiSchema<"FamilyNoticePreview"> | null;
  };
};

/** The API's `errors` ('texts.es.body: …', 'title: …' of a preview) as messages per field of the form. */
export function noticeErrorsByField(errors: readonly string[] | undefined, previewLang?: NoticeLang): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors ?? []) {
    const match = /^([\w.]+): (.*)$/.exec(e);
    if (!match) continue;
    const path = match[1]!.split(".");
    let field: string | null = null;
    if (path[0] === "texts" && isNoticeLang(path[1]) && (path[2] === "title" || path[2] === "body")) field = `${path[1]}_${path[2]}`;
    else if (previewLang && (path[0] === "title" || path[0] === "body")) field = `${previewLang}_${path[0]}`;
    else if (path[0] === "contact") field = "contact";
    if (field && !out[field]) out[field] = match[2]!;
  }
  return out;
}

function replied(
  values: NoticeFormValues | null,
  errors: Record<string, string>,
  formError: string | null,
  preview: NoticeEditorReply["noticeForm"]["preview"],
  status = 200,
) {
  return data<NoticeEditorReply>({ noticeForm: { values, errors, formError, preview } }, { status });
}

const refusal = (message: string | undefined) => (message && message !== "Unexpected Server Error" ? message : SUBMIT_FAILED_MESSAGE);
const clientStatus = (status: number) => (status >= 400 && status < 500 ? status : 400);

/** Saves the typed wording: a language left exactly as our default stays 'default'. */
export async function saveNotice(request: Request, api: ApiClient, form: FormData, districtId: string) {
  const values = noticeFormValuesOf(form);
  const current = await api.result(api.GET("/organization/{id}/followUpNotice", { params: { path: { id: districtId } } }));
  if (!current.ok) {
    if (current.status === 401) return signOutAndRedirect(request);
    return replied(values, {}, refusal(current.error.message), null, clientStatus(current.status));
  }
  const texts = Object.fromEntries(
    NOTICE_LANGS.map((lang) => {
      const title = values[`${lang}_title`];
      const body = values[`${lang}_body`];
      const def = current.data.languages.find((l) => l.lang === lang)?.defaultWording;
      const asDefault =
        def && def.title.trim() === title.trim() && def.body.replace(/\r\n/g, "\n").trim() === body.replace(/\r\n/g, "\n").trim();
      return [lang, asDefault ? null : { title, body }];
    }),
  ) as Record<NoticeLang, { title: string; body: string } | null>;
  const result = await api.result(
    api.PUT("/organization/{id}/followUpNotice", {
      params: { path: { id: districtId } },
      body: { contact: values.contact.trim() ? values.contact : null, texts },
    }),
  );
  if (result.ok) return succeeded(request, "The family notice letter was saved.");
  if (result.status === 401) return signOutAndRedirect(request);
  return replied(values, noticeErrorsByField(result.error.errors), refusal(result.error.message), null, clientStatus(result.status));
}

/** One language back to our default wording; the other language and the contact stay as saved. */
export async function resetNotice(request: Request, api: ApiClient, districtId: string, lang: string) {
  // The reset has its own form: on a refusal the page keeps the saved wording in its fields.
  const values = null;
  const current = await api.result(api.GET("/organization/{id}/followUpNotice", { params: { path: { id: districtId } } }));
  if (!isNoticeLang(lang) || !current.ok) {
    if (!current.ok && current.status === 401) return signOutAndRedirect(request);
    return replied(values, {}, current.ok ? "Choose a language." : refusal(current.error.message), null, 400);
  }
  const texts = Object.fromEntries(current.data.languages.map((l) => [l.lang, l.lang === lang || !l.custom ? null : l.wording])) as Record<
    NoticeLang,
    { title: string; body: string } | null
  >;
  const result = await api.result(
    api.PUT("/organization/{id}/followUpNotice", { params: { path: { id: districtId } }, body: { contact: current.data.contact, texts } }),
  );
  if (result.ok) {
    const name = current.data.languages.find((l) => l.lang === lang)?.languageName ?? lang;
    return succeeded(request, `The ${name} letter is back to the default wording.`);
  }
  if (result.status === 401) return signOutAndRedirect(request);
  return replied(values, {}, refusal(result.error.message), null, clientStatus(result.status));
}

/** The draft of the chosen language, filled with the sample student or the chosen one; nothing is saved. */
export async function previewNotice(request: Request, api: ApiClient, form: FormData, districtId: string) {
  const values = noticeFormValuesOf(form);
  const lang = values.previewLang;
  const result = await api.result(
    api.POST("/organization/{id}/followUpNotice/preview", {
      params: { path: { id: districtId } },
      body: {
        lang,
        title: values[`${lang}_title`],
        body: values[`${lang}_body`],
        contact: values.contact.trim() ? values.contact : null,
        participantId: values.previewStudent || null,
      },
    }),
  );
  if (result.ok) return replied(values, {}, null, result.data);
  if (result.status === 401) return signOutAndRedirect(request);
  return replied(values, noticeErrorsByField(result.error.errors, lang), refusal(result.error.message), null, clientStatus(result.status));
}

// ── The print pages: notices recorded as sent ───────────────────────────────────────────────

export type MarkSentReply = { markSent: { formError: string } };

/** The action of a print page of notices (a class's, a student's): its one form records them as sent. */
export async function noticePageAction(request: Request, context: unknown, id: string | undefined) {
  if (!isUuid(id)) throw new Response(null, { status: 404, statusText: "Not Found" });
  const { api } = await adminRequest(request, context);
  const form = await readFormData(request);
  if (form.get("intent") === NOTICE_INTENTS.markSent) return markNoticesSent(request, api, form);
  throw data({ message: "Unknown action" }, { status: 400 });
}

/**
 * Records the ticked students' notices as sent (printed, today) once the user says they went out.
 * Each checkbox carries the student's follow-ups awaiting a notice, space-separated.
 */
export async function markNoticesSent(request: Request, api: ApiClient, form: FormData) {
  const students = form
    .getAll("student")
    .map((v) => (typeof v === "string" ? v.split(" ").filter((id) => id !== "") : []))
    .filter((ids) => ids.length > 0);
  if (students.length === 0)
    return data<MarkSentReply>({ markSent: { formError: "Tick at least one student whose notice was sent." } }, { status: 400 });
  const result = await api.result(
    api.POST("/followUps/noticeSent", {
      body: { followUpIds: students.flat(), on: get(form, "on"), method: get(form, "method") as "printed" },
    }),
  );
  if (result.ok) {
    // Said per student (one letter each), though a student's letter may answer more than one follow-up.
    const recorded = new Set(result.data.recorded);
    const now = students.filter((ids) => ids.some((id) => recorded.has(id))).length;
    const before = students.length - now;
    const text = `${noticesCount(now)} recorded as sent.${before ? ` ${noticesCount(before)} had been recorded before.` : ""}`;
    return succeeded(request, text);
  }
  if (result.status === 401) return signOutAndRedirect(request);
  return data<MarkSentReply>({ markSent: { formError: refusal(result.error.message) } }, { status: clientStatus(result.status) });
}

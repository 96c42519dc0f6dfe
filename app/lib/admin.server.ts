import { data } from "@remix-run/node";
import { SUBMIT_FAILED_MESSAGE } from "#app/domain/admin-forms";
import { searchedUrl, type ListQuery } from "#app/domain/paging";
import { sortByName, type SortDirection } from "#app/domain/sort";
import { closedUrl } from "#app/domain/url-state";
import { refusalOf } from "./api-refusal.server";
import { apiFor, resultOf, type ApiResult } from "./api.server";
import { requireUser } from "./auth.server";
import { refusedForm, type Replyable } from "./forms.server";
import { signOutAndRedirect } from "./session.server";
import { redirectWithToast } from "./toast.server";

/** An administration page's user and API client, the caller looked up once for the request. */
export async function adminRequest(request: Request, context: unknown) {
  const user = await requireUser(request, context);
  return { user, api: apiFor(request, context) };
}

/**
 * A part of a page that may fail on its own (`pending` is a typed call, `api.GET(…)`): the data,
 * or the spec's load-failure text shown as an alert (never a stack trace). 401 signs out; 403
 * and 404 go to the ErrorBoundary unless `denied` is "alert".
 */
export async function loadPart<T>(
  request: Request,
  pending: Promise<{ data?: T; error?: unknown; response: Response }>,
  failure: string,
  { denied = "boundary" }: { denied?: "boundary" | "alert" } = {},
): Promise<{ data: T | null; error: string | null }> {
  let result: ApiResult<T>;
  try {
    result = await resultOf(pending);
  } catch {
    return { data: null, error: failure };
  }
  if (result.ok) return { data: result.data, error: null };
  if (result.status === 401) return signOutAndRedirect(request);
  if (denied === "boundary" && (result.status === 403 || result.status === 404)) throw data(result.error, { status: result.status });
  return { data: null, error: failure };
}

/** A loaded list sorted by name (`name` of a row), for a table: its rows (null when they did not load) and its failure text. */
export function sortedPart<T>(
  part: { data: T[] | null; error: string | null },
  name: (row: T) => string,
  direction: SortDirection = "asc",
) {
  return { rows: part.data && sortByName(part.data, name, direction), error: part.error };
}

type PageData<T> = { rows: T[]; total: number; from: number; to: number; next: string | null; prev: string | null };

/**
 * One page of a list paged on the server (issue 15) for AdminList: its rows (null when they did
 * not load), the failure text, the count and cursors, and the search and sort it was read with.
 * `pick` keeps of each row what the page uses: every field of every row is serialized into it.
 */
export function pagedPart<T>(part: { data: PageData<T> | null; error: string | null }, query: ListQuery<string>): PagedPart<T>;
export function pagedPart<T, R>(
  part: { data: PageData<T> | null; error: string | null },
  query: ListQuery<string>,
  pick: (row: T) => R,
): PagedPart<R>;
export function pagedPart<T, R>(
  part: { data: PageData<T> | null; error: string | null },
  query: ListQuery<string>,
  pick?: (row: T) => R,
): PagedPart<T | R> {
  const d = part.data;
  return {
    rows: d ? (pick ? d.rows.map(pick) : d.rows) : null,
    error: part.error,
    page: d ? { total: d.total, from: d.from, to: d.to, next: d.next, prev: d.prev } : null,
    state: { q: query.q, sort: query.sort, dir: query.dir },
  };
}

type PagedPart<T> = {
  rows: T[] | null;
  error: string | null;
  page: { total: number; from: number; to: number; next: string | null; prev: string | null } | null;
  state: { q: ListQuery<string>["q"]; sort: ListQuery<string>["sort"]; dir: ListQuery<string>["dir"] };
};

/**
 * A save the API refused: its message (spec 000 §5 rule: the server's text, or the generic
 * submit text) as the dialog's form error, with what was typed; 401 signs out. When the API
 * names a field this form posted ('name: …' in `errors`, e.g. a duplicate name), the message
 * shows beside that field instead.
 */
export async function failed(request: Request, submission: Replyable, result: Extract<ApiResult<unknown>, { ok: false }>) {
  const { message } = await refusalOf(request, result, { fallback: SUBMIT_FAILED_MESSAGE });
  const status = result.status >= 400 && result.status < 600 ? result.status : 400;
  const field = fieldNamed(result.error.errors, message, submission.payload);
  return refusedForm(submission, message, { status, ...(field ? { field } : {}) });
}

/** The posted field an API error names as '<field>: <message>' for this message, or null. */
function fieldNamed(errors: readonly string[] | undefined, message: string, posted: Record<string, unknown>): string | null {
  for (const error of errors ?? []) {
    const field = error.endsWith(`: ${message}`) ? error.slice(0, -(message.length + 2)) : "";
    if (field && Object.hasOwn(posted, field)) return field;
  }
  return null;
}

/** The administration pages whose lists are paged (issue 15): `?q=` there searches the list shown. */
const LIST_PAGE = /^\/(district|school)\/[^/]+$|^\/super-admin$/;

/**
 * Success: back to the page without the dialog, with a success toast. `search` (after a create):
 * the page's list searched for the new row, from its first page, so the row is on screen however
 * long the list is.
 */
export function succeeded(request: Request, text: string, alsoRemove: readonly string[] = [], doneCreateKey?: string, search?: string) {
  let to = closedUrl(request.url, alsoRemove);
  if (search && LIST_PAGE.test(to.split("?")[0]!)) to = searchedUrl(to, search); // split always yields one piece
  return redirectWithToast(request, to, { kind: "success", text }, undefined, doneCreateKey);
}

/** For a delete: the server message as an error toast, the dialog closed. */
export function failedWithToast(request: Request, message: string) {
  return redirectWithToast(request, closedUrl(request.url), { kind: "error", text: message });
}

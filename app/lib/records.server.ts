import { expectData, type ApiResult } from "./api.server";

/**
 * The answer of a records summary (GET …/records) for a records page's loader; null when there is
 * no such record: deleted for good (the page after the deletion shows the receipt from the action).
 * Other refusals go to the page's ErrorBoundary (expectData).
 */
export async function recordsOrGone<T>(request: Request, found: ApiResult<T, unknown>): Promise<T | null> {
  if (!found.ok && found.status === 404) return null;
  return expectData(request, found);
}

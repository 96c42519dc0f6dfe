/** An answer the API gives on purpose: its status and the `{ message, errors }` body the UI reads. */
export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 412 | 413 | 415 | 422 | 429 | 500,
    message: string,
    readonly errors?: string[],
  ) {
    super(message);
  }
}

export const unauthorized = () => new ApiError(401, "Unauthorized");
export const forbidden = () => new ApiError(403, "Forbidden");
export const notFound = (what = "Resource") => new ApiError(404, `${what} not found`);

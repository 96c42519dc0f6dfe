import { Link, isRouteErrorResponse, useRouteError } from "@remix-run/react";

export const PAGE_NOT_FOUND = "Page not found";

export const NOT_AUTHORIZED = "You are not authorized to view this page, contact your school or district administrator for assistance.";

/** One rendering of 401/403/404/500 for every route (DESIGN: "one shared error boundary"). */
export function ErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    if (error.status === 403 || error.status === 401) {
      return (
        <section className="error-page" aria-labelledby="error-title">
          <h1 id="error-title">Not authorized</h1>
          <p>{NOT_AUTHORIZED}</p>
          <Link to="/">Return home</Link>
        </section>
      );
    }
    if (error.status === 404) {
      // A deliberate message ({ message } from the API or a loader) is shown; the router's own
      // text for an unknown URL ('Error: No route matches URL …') is for developers, not users.
      const message = typeof error.data === "object" ? messageOf(error.data) : null;
      return (
        <section className="error-page" aria-labelledby="error-title">
          <h1 id="error-title">{PAGE_NOT_FOUND}</h1>
          <p>{message ?? "We could not find that page."}</p>
          <Link to="/">Return home</Link>
        </section>
      );
    }
  }
  const message = isRouteErrorResponse(error) ? messageOf(error.data) : null;
  return (
    <section className="error-page" role="alert" aria-labelledby="error-title">
      <h1 id="error-title">Something went wrong:</h1>
      <p>{message ?? "Unexpected Server Error"}</p>
      <Link to="/">Return home</Link>
    </section>
  );
}

function messageOf(data: unknown): string | null {
  if (data && typeof data === "object" && "message" in data && typeof data.message === "string") return data.message;
  return typeof data === "string" && data ? data : null;
}

import type { MetaFunction } from "@remix-run/node";
import { ErrorPage, PAGE_NOT_FOUND } from "#app/components/page-kit";

// Any URL no other route matches: a 404 with the shared error page ('Page not found' and a way
// home) inside the app's frame, instead of the router's developer text.

export const meta: MetaFunction = () => [{ title: `${PAGE_NOT_FOUND} | Early Literacy Screening` }];

const notFound = () => {
  throw new Response(null, { status: 404, statusText: "Not Found" });
};

export const loader = notFound;
export const action = notFound;

/** Never shown (the loader always throws); a default export keeps this a page route, so the 404 renders in the app's frame. */
export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return <ErrorPage />;
}

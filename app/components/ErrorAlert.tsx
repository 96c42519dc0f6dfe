/** A failure the page shows in place (a part that did not load, a save the server refused): the spec's text as an alert. */
export function ErrorAlert({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <p className="alert alert--error" role="alert">
      {message}
    </p>
  );
}

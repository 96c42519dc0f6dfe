import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ErrorPage } from "#app/components/page-kit";
import { requireUser } from "#app/lib/auth.server";

export const meta: MetaFunction = () => [{ title: "About | Early Literacy Screening" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return null;
}

export default function About() {
  return (
    <section aria-labelledby="about-title">
      <h1 id="about-title">About</h1>
      <p>
        Early Literacy Screening is a dyslexia screener and word-reading benchmarking tool for students in Pre-K through grade 3. Students
        play a short, game-like screener on a tablet or laptop at the beginning, middle and end of the school year.
      </p>
      <p>
        The dashboard shows teachers, school administrators and district administrators each student&apos;s risk flags, potential for word
        reading, reading readiness and nationally normed percentiles across phonemic awareness, phonics, fluency, vocabulary and
        comprehension, with next-step recommendations and a printable family report.
      </p>
    </section>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}

import type { LoaderFunctionArgs } from "@remix-run/node";
import { assessmentDefinition, DEFINITION_MAX_AGE_SECONDS, hasDefinition } from "#app/domain/assessment-definitions";

// Assessment definitions (spec 001 §3, §7): item lists per grade and period for the letter
// tests, public like the static asset host they stand for, cached for two hours.
export function loader({ params }: LoaderFunctionArgs) {
  const code = params.testCode ?? "";
  if (!hasDefinition(code)) {
    return Response.json({ message: "Assessment definition not found" }, { status: 404 });
  }
  return Response.json(assessmentDefinition(code), {
    headers: { "cache-control": `public, max-age=${DEFINITION_MAX_AGE_SECONDS}` },
  });
}

import { offeredMaterials } from "#app/domain/test-materials";
import { flagsFor, isOn } from "#app/server/flags.server";

/**
 * The hamburger menu's links (spec 001 §2): Knowledge Base and Next Steps Resources from
 * KNOWLEDGE_BASE_URL / NEXT_STEPS_URL, else the demo pages the app ships (public/help/); the test
 * materials of the grades offered (Grade 3 with flag grade3hamburger), downloaded through
 * /test-materials/{filename}.
 */
export function menuData(request: Request) {
  const flags = flagsFor(request);
  return {
    knowledgeBaseUrl: process.env.KNOWLEDGE_BASE_URL || "/help/knowledge-base.html",
    nextStepsUrl: process.env.NEXT_STEPS_URL || "/help/next-steps.html",
    materials: offeredMaterials({ grade3hamburger: isOn(flags, "grade3hamburger") }).map((m) => ({
      label: m.label,
      href: `/test-materials/${m.filename}`,
    })),
  };
}

import { STAFF_INVITE_TEXTS } from "#app/domain/staff-invites";

// After a roster lands (issue 35 item 7): what a district still needs before screening starts.
// The teachers an import created cannot sign in until they are invited, and the screening
// calendar says when BOY, MOY and EOY run and which tests each grade takes. Both are links to the
// district's own pages (sign-in required), so this works without JavaScript and for a rostering
// key's upload too.

export function RosterNextSteps({
  districtId,
  teachersCreated,
  headingLevel = 2,
}: {
  districtId: string;
  /** Teachers this upload created (its report's count), when known. */
  teachersCreated: number | null;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const created =
    teachersCreated && teachersCreated > 0
      ? ` This upload created ${teachersCreated} ${teachersCreated === 1 ? "teacher" : "teachers"}.`
      : "";
  return (
    <section className="roster-next" aria-labelledby={`roster-next-${districtId}`}>
      <Heading id={`roster-next-${districtId}`}>Next steps</Heading>
      <ul>
        <li>
          <a href={`/district/${districtId}/invitations`}>{STAFF_INVITE_TEXTS.link}</a>: a teacher a roster import creates has no password
          until invited.{created} The page lists who cannot sign in and asks before it sends anything.
        </li>
        <li>
          <a href={`/district/${districtId}?tab=calendar`}>Check the screening calendar</a>: when BOY, MOY and EOY run and which tests each
          grade takes.
        </li>
      </ul>
    </section>
  );
}

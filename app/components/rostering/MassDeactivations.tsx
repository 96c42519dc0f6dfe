import { massDeactivationText, MASS_DEACTIVATION } from "#app/domain/roster-deactivation";
import type { ApiSchema } from "#app/lib/api.server";

// An upload that deactivates more than 5% of the district's students, classrooms or teachers
// (issue 35 item 1): the preview says so with the counts, and a signed-in admin confirms exactly
// those counts to apply it. The API refuses it without the confirmation, with the key or not.

type Mass = ApiSchema<"RosterMassDeactivation">;

const PERCENT = `${MASS_DEACTIVATION.share * 100}%`;

export function MassDeactivationWarning({ list, id }: { list: Mass[]; id: string }) {
  if (list.length === 0) return null;
  return (
    <div className="alert alert--warning roster-mass" id={id}>
      <p>
        <strong>This upload would deactivate {list.map(massDeactivationText).join(", ")}.</strong>
      </p>
      <p>
        That is more than {PERCENT} of the district&apos;s active records. If the file is a whole export, check that nothing is missing from
        it before applying: deactivated students and classrooms leave every teacher&apos;s list.
      </p>
    </div>
  );
}

export function ConfirmDeactivations({ list, id = "confirm-deactivations" }: { list: Mass[]; id?: string }) {
  return (
    <label className="roster-confirm" htmlFor={id}>
      <input id={id} type="checkbox" name="confirmDeactivations" value="yes" required />
      <span>I confirm deactivating {list.map(massDeactivationText).join(", ")}.</span>
    </label>
  );
}

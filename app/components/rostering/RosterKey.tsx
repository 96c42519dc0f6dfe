import { Form, Link } from "@remix-run/react";
import { MASS_DEACTIVATION } from "#app/domain/roster-deactivation";
import type { ApiSchema } from "#app/lib/api.server";
import type { RosterKeyMade } from "#app/lib/roster-actions.server";

// The district's rostering key on the district page (issue 35 item 1): a secret link for an
// automated export, which its admins make, rotate and revoke. A new key is shown once, in the page
// that answers the post; rotating and revoking ask first, as they stop the current link at once.

type KeyState = ApiSchema<"RosterKeyState">;

const when = (iso: string) => new Date(iso).toISOString().slice(0, 16).replace("T", " ") + " UTC";

function Confirm({ intent, title, text, action }: { intent: string; title: string; text: string; action: string }) {
  return (
    <div className="alert alert--warning roster-key__confirm">
      <h3 id="roster-key-confirm-title">{title}</h3>
      <p>{text}</p>
      <Form method="post" className="roster-key__actions" aria-labelledby="roster-key-confirm-title">
        <input type="hidden" name="intent" value={intent} />
        <button type="submit" className="button button--danger">
          {action}
        </button>
        <Link to="?tab=schools#roster-key-title" className="button">
          Cancel
        </Link>
      </Form>
    </div>
  );
}

export function RosterKey({
  state,
  confirm,
  made,
}: {
  state: { data: KeyState | null; error: string | null };
  /** ?rosterKey=rotate|revoke: the step the admin asked for, to confirm. */
  confirm: "rotate" | "revoke" | null;
  /** The key the post this page answers just made (its action's data), shown once. */
  made: RosterKeyMade | undefined;
}) {
  const key = state.data;
  // After a rotation the page answering the post is still at ?rosterKey=rotate: it shows the new link, not the question again.
  const step = made ? null : confirm;
  return (
    <section className="roster-key" aria-labelledby="roster-key-title">
      <h2 id="roster-key-title">Rostering key</h2>
      <p>
        For automated exports: the rostering link with the district&apos;s key uploads and applies a roster without anyone signing in. An
        upload that changes existing accounts, or deactivates more than {MASS_DEACTIVATION.share * 100}% of the district&apos;s students,
        classrooms or teachers, still waits for a district administrator to confirm it.
      </p>
      {state.error ? (
        <p className="alert alert--error" role="alert">
          {state.error}
        </p>
      ) : null}
      {made ? (
        <div className="alert alert--success roster-key__made" role="status">
          <p>
            {made.rotated ? "A new key replaced the old one: the old link no longer works." : "The key was made."} Copy this link now: it is
            shown only once.
          </p>
          <label htmlFor="roster-key-link">Rostering link with the key</label>
          <input id="roster-key-link" type="text" readOnly value={made.link} className="roster-key__link" />
        </div>
      ) : null}
      {key ? (
        <p>
          {key.hasKey && key.createdAt
            ? `This district has a key, made ${when(key.createdAt)}${key.createdBy ? ` by ${key.createdBy}` : ""}.`
            : "This district has no rostering key."}
        </p>
      ) : null}
      {key && step === "rotate" && key.hasKey ? (
        <Confirm
          intent="make-roster-key"
          title="Make a new rostering key?"
          text="The current link stops working at once: automated exports need the new link."
          action="Make a new key"
        />
      ) : key && step === "revoke" && key.hasKey ? (
        <Confirm
          intent="revoke-roster-key"
          title="Revoke the rostering key?"
          text="Its link stops applying uploads at once. Uploads can still be previewed there and applied by a signed-in administrator."
          action="Revoke key"
        />
      ) : key?.hasKey ? (
        <p className="roster-key__actions">
          <Link to="?tab=schools&rosterKey=rotate#roster-key-title" className="button">
            Rotate key
          </Link>
          <Link to="?tab=schools&rosterKey=revoke#roster-key-title" className="button button--danger">
            Revoke key
          </Link>
        </p>
      ) : key ? (
        <Form method="post" className="roster-key__actions">
          <input type="hidden" name="intent" value="make-roster-key" />
          <button type="submit" className="button">
            Make a rostering key
          </button>
        </Form>
      ) : null}
    </section>
  );
}

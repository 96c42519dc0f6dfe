// The admin's confirmation of the account changes an upload's preview lists (issue 33): adopting an
// account made by hand, changing an e-mail, deactivating an account no import created. The API
// refuses to apply such an upload without it.
export function ConfirmAccounts({
  count,
  id = "confirm-accounts",
  where = "listed above",
}: {
  count: number;
  id?: string;
  where?: string;
}) {
  return (
    <label className="roster-confirm" htmlFor={id}>
      <input id={id} type="checkbox" name="confirmAccounts" value="yes" required />
      <span>
        I confirm the {count} account {count === 1 ? "change" : "changes"} {where}.
      </span>
    </label>
  );
}

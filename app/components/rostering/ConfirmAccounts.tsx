// The admin's confirmation of the changes to existing records an upload's preview lists: adopting an
// account made by hand, changing an e-mail, deactivating an account no import created (issue 33),
// adopting a school, classroom or student made by hand (issue 35 item 6). One box confirms them all;
// the API refuses to apply such an upload without it.
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
        I confirm the {count} {count === 1 ? "change" : "changes"} to existing records {where}.
      </span>
    </label>
  );
}

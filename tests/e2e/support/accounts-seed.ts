// Adds the account-flow users to the accounts e2e server's copy of the demo district
// (run by scripts/e2e-server.mjs with E2E_EXTRA_SEED, DATA_DIR set to that copy).
import { hashPassword } from "../../../app/api/password";
import { openDatabase } from "../../../app/db/connect.server";
import { databaseOptions } from "../../../app/server/config.server";
import { DEMO_PASSWORD } from "../../../scripts/seed/demo";
import { ROLE_IDS } from "../../../app/domain/roles";
import { ACCOUNT_USERS } from "./account-env";
import { first } from "#app/domain/presence";

const handle = await openDatabase(databaseOptions());
try {
  const db = handle.db;
  const school = await db
    .selectFrom("organization_unit")
    .select(["organization_unit_id", "organization_id"])
    .where("name", "=", "Cedar Elementary")
    .executeTakeFirstOrThrow();
  const hash = await hashPassword(DEMO_PASSWORD);
  const plan: [string, { status: "None" | "Pending" | "Active"; password: boolean; temporary?: boolean }][] = [
    [ACCOUNT_USERS.login, { status: "Active", password: true }],
    [ACCOUNT_USERS.forgot, { status: "Active", password: true }],
    [ACCOUNT_USERS.invitee, { status: "None", password: false }],
    [ACCOUNT_USERS.registrant, { status: "None", password: false }],
    [ACCOUNT_USERS.temporary, { status: "None", password: true, temporary: true }],
    [ACCOUNT_USERS.sso, { status: "Active", password: false }],
    [ACCOUNT_USERS.idleYes, { status: "Active", password: true }],
    [ACCOUNT_USERS.idleNo, { status: "Active", password: true }],
    [ACCOUNT_USERS.idleNone, { status: "Active", password: true }],
    [ACCOUNT_USERS.idleDialogs, { status: "Active", password: true }],
  ];
  for (const [email, o] of plan) {
    const user = await db
      .insertInto("app_user")
      .values({
        organization_id: school.organization_id,
        first_name: first(email.split(/[.@]/), "an e-mail's first word").replace(/^./, (c) => c.toUpperCase()),
        last_name: "Tester",
        email,
        auth_status: o.status,
        password_hash: o.password ? hash : null,
        password_is_temporary: o.temporary ?? false,
      })
      .returning("user_id")
      .executeTakeFirstOrThrow();
    await db.insertInto("user_role").values({ user_id: user.user_id, role_id: ROLE_IDS.TEACHER, position: 0 }).execute();
    await db
      .insertInto("user_organization_unit")
      .values({ user_id: user.user_id, organization_unit_id: school.organization_unit_id })
      .execute();
  }
  // The idle warning over the letter and RAN dialogs needs a classroom with both kinds of cell.
  const idleDialogs = await db
    .selectFrom("app_user")
    .select("user_id")
    .where("email", "=", ACCOUNT_USERS.idleDialogs)
    .executeTakeFirstOrThrow();
  const kindergarten = await db
    .selectFrom("participant_group")
    .select("participant_group_id")
    .where("name", "=", "Kindergarten Room 4")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("participant_group_teacher")
    .values({ participant_group_id: kindergarten.participant_group_id, user_id: idleDialogs.user_id })
    .execute();
} finally {
  await handle.close();
}

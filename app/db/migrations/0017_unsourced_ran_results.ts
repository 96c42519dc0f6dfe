import { sql, type Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any */

// A RAN percentile or theta is shown only as the product of the district's RAN norms, whose source
// is kept beside it (norms_source, migration 0014). Uploads could still send one
// (POST /participantTest/results), which the pages then showed as '15th ▼▼' with no source and
// Next Steps recommended (issue 34 item 4). The API now refuses them; the ones stored before are
// cleared here. Their raw figures (scored_secs, scored_errors, the responses) stay, and scoring
// the recording under configured norms gives the test a percentile with its source again.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
update participant_test
   set ability_percentile = null, final_theta = null
 where test_code in ('object-ran', 'letter-ran', 'rer-letter-ran')
   and norms_source is null
   and (ability_percentile is not null or final_theta is not null);
`.execute(db);
}

// The cleared figures had no source to restore them from.
export async function down(): Promise<void> {}

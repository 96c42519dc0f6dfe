import type { Migration } from "kysely";
import * as m0001 from "./0001_initial";
import * as m0002 from "./0002_ran_scoring";
import * as m0003 from "./0003_idempotency";
import * as m0004 from "./0004_row_versions";
import * as m0005 from "./0005_support_messages";
import * as m0006 from "./0006_oneroster_import";
import * as m0007 from "./0007_list_indexes";
import * as m0008 from "./0008_district_config_version";
import * as m0009 from "./0009_classroom_results_version";
import * as m0010 from "./0010_roster_account_safety";
import * as m0011 from "./0011_rate_limit_event_ids";
import * as m0012 from "./0012_participant_birth_date_optional";
import * as m0013 from "./0013_roster_key";
import * as m0014 from "./0014_screening_standards";
import * as m0015 from "./0015_kept_data_version";
import * as m0016 from "./0016_kept_data_version_at_commit";
import * as m0017 from "./0017_unsourced_ran_results";
import * as m0018 from "./0018_record_access";
import * as m0019 from "./0019_follow_up";
import * as m0020 from "./0020_family_notice";
import * as m0021 from "./0021_progress_monitoring";
import * as m0022 from "./0022_support_groups";
import * as m0023 from "./0023_school_scores_version";
import * as m0024 from "./0024_probe_results_version";

// Imported statically so the migrations travel inside the server bundle.
export const migrations: Record<string, Migration> = {
  "0001_initial": m0001,
  "0002_ran_scoring": m0002,
  "0003_idempotency": m0003,
  "0004_row_versions": m0004,
  "0005_support_messages": m0005,
  "0006_oneroster_import": m0006,
  "0007_list_indexes": m0007,
  "0008_district_config_version": m0008,
  "0009_classroom_results_version": m0009,
  "0010_roster_account_safety": m0010,
  "0011_rate_limit_event_ids": m0011,
  "0012_participant_birth_date_optional": m0012,
  "0013_roster_key": m0013,
  "0014_screening_standards": m0014,
  "0015_kept_data_version": m0015,
  "0016_kept_data_version_at_commit": m0016,
  "0017_unsourced_ran_results": m0017,
  "0018_record_access": m0018,
  "0019_follow_up": m0019,
  "0020_family_notice": m0020,
  "0021_progress_monitoring": m0021,
  "0022_support_groups": m0022,
  "0023_school_scores_version": m0023,
  "0024_probe_results_version": m0024,
};

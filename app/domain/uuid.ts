/**
 * A UUID in lower case, unanchored and without flags, for a pattern that holds ids among other
 * text (a recording's file name, app/domain/ran-audio-name.ts).
 */
export const UUID_PATTERN = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

const UUID = new RegExp(`^${UUID_PATTERN}$`, "i");

/**
 * Whether a value can name a record at all: every id is a UUID. A page answers 404 for anything
 * else instead of asking the API, and the API refuses it before asking the database.
 */
export const isUuid = (id: string | null | undefined): id is string => typeof id === "string" && UUID.test(id);

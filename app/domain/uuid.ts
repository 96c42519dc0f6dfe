const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a value can name a record at all: every id is a UUID. A page answers 404 for anything
 * else instead of asking the API, and the API refuses it before asking the database.
 */
export const isUuid = (id: string | null | undefined): id is string => typeof id === "string" && UUID.test(id);

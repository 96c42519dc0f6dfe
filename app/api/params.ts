import { z } from "@hono/zod-openapi";

// The path parameters of the API's routes: every record is named by a UUID in the path.

type PathIdOptions = {
  /** What the id names, shown in the OpenAPI document. */
  description?: string;
  /** The message of the 400 for a value that is not a UUID (default: zod's). */
  error?: string;
};

/** A UUID path parameter called `name`. */
export function pathUuid(name: string, { description, error }: PathIdOptions = {}) {
  return z
    .string()
    .uuid(error === undefined ? undefined : { error })
    .openapi({ param: { name, in: "path" }, ...(description === undefined ? {} : { description }) });
}

/** `{id}` in the path, a UUID. */
export const idParam = (options?: PathIdOptions) => z.object({ id: pathUuid("id", options) });

/** `{id}` in the path, a UUID (the common case: no description, zod's message). */
export const IdParam = idParam();

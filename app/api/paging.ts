import { z } from "@hono/zod-openapi";
import { pageOfIds, type ListSource } from "#app/db/queries/lists";
import type { Db } from "#app/db/connect.server";
import { cleanQuery, decodeCursor, MAX_PAGE, MAX_QUERY, PAGE_SIZE, type SortDir } from "#app/domain/paging";
import { isCleanText } from "#app/domain/text";
import { ApiError } from "./errors";
import { keptListTotals } from "./kept";

// The paged variants of the list routes (issue 15, docs/decisions/0014-paged-lists.md): the spec's
// list routes keep answering the whole array; `<list path>/page` answers one page of it with the
// total and the cursors of the pages before and after. Same scope checks, same row shape.

export const PAGE_MESSAGES = {
  cursor: "cursor: not a cursor of this list and sort. Start again without it.",
} as const;

/** The query of a paged list: search text, sort column (one of `sorts`), direction, cursor or page, page size. */
export function PageQuery<S extends string>(sorts: readonly [S, ...S[]]) {
  return z.object({
    q: z
      .string()
      .max(MAX_QUERY, `q: at most ${MAX_QUERY} characters`)
      .refine(isCleanText, "q: contains characters that are not allowed")
      .optional()
      .openapi({ description: "search text: contains, case-insensitive (names, email, codes); % and _ match themselves" }),
    sort: z.enum(sorts, { error: `sort: one of ${sorts.join(", ")}` }).optional(),
    dir: z.enum(["asc", "desc"], { error: "dir: asc or desc" }).optional(),
    cursor: z.string().max(2000, "cursor: not a cursor of this list and sort").optional().openapi({
      description: "the `next` or `prev` of a page answered with the same q, sort and dir",
    }),
    page: z.coerce
      .number({ error: `page: a whole number from 1 to ${MAX_PAGE}` })
      .int(`page: a whole number from 1 to ${MAX_PAGE}`)
      .min(1, `page: a whole number from 1 to ${MAX_PAGE}`)
      .max(MAX_PAGE, `page: a whole number from 1 to ${MAX_PAGE}; further pages by cursor`)
      .optional()
      .openapi({ description: "a page number (offset paging, bounded); ignored with a cursor" }),
    limit: z.coerce
      .number({ error: "limit: a whole number from 0 to 100" })
      .int("limit: a whole number from 0 to 100")
      .min(0, "limit: a whole number from 0 to 100")
      .max(100, "limit: a whole number from 0 to 100")
      .optional()
      .openapi({ description: `rows per page, ${PAGE_SIZE} unless given; 0 answers the total alone (one count, no rows)` }),
  });
}

/** A page of `row`s: the rows, the total that match, the 1-based range shown and the neighbours' cursors. */
export function Page<T extends z.ZodType>(row: T, name: string) {
  return z
    .object({
      rows: z.array(row),
      total: z.number().int(),
      from: z.number().int().openapi({ description: "1-based index of the first row (0 when none)" }),
      to: z.number().int(),
      pageSize: z.number().int(),
      next: z.string().nullable(),
      prev: z.string().nullable(),
    })
    .openapi(name);
}

type Query<S extends string> = { q?: string; sort?: S; dir?: SortDir; cursor?: string; page?: number; limit?: number };

/** One page of `source` as `load` turns its ids into rows (in the ids' order); its total kept (kept.ts). */
export async function answerPage<S extends string, T>(
  { db }: { db: Db },
  source: ListSource<S>,
  sorts: readonly [S, ...S[]],
  query: Query<S>,
  load: (ids: string[]) => Promise<T[]>,
) {
  const sort = query.sort ?? sorts[0];
  const dir = query.dir ?? "asc";
  let cursor = null;
  if (query.cursor) {
    cursor = decodeCursor(query.cursor);
    if (!cursor || cursor.s !== `${sort}:${dir}` || cursor.k.length !== source.keys[sort].length + 1)
      throw new ApiError(400, PAGE_MESSAGES.cursor);
  }
  const limit = query.limit ?? PAGE_SIZE;
  const page = await pageOfIds(db, source, { q: cleanQuery(query.q), sort, dir, cursor, page: query.page ?? 1, limit }, keptListTotals(db));
  const rows = page.ids.length ? await load(page.ids) : [];
  return { rows, total: page.total, from: page.from, to: page.to, pageSize: limit, next: page.next, prev: page.prev };
}

/** Rows loaded by id, put in the order of `ids` (a row gone meanwhile is left out). */
export function inOrder<T>(ids: readonly string[], rows: readonly T[], idOf: (row: T) => string): T[] {
  const byId = new Map(rows.map((r) => [idOf(r), r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

import { sql, type RawBuilder } from "kysely";
import { ACCENTED, foldAccents, UNACCENTED } from "#app/domain/accents";
import { containsPattern, nextCursor, prevCursor, type Cursor, type SortDir } from "#app/domain/paging";
import { ROLE_IDS } from "#app/domain/roles";
import type { Db } from "../connect.server";
import { ACROSS_DISTRICTS, districtId, districtOfSchool, keptVersionSql } from "./kept";

// One page of an administration list (issue 15): a count and at most `limit` row ids, searched
// with LIKE on lower() with accents folded (the text's % and _ taken literally) and sorted on the server with the
// row's id as the last key, so the order is total and stable. Pages after the first are found by
// keyset (the sort key of the row before: `(keys) > (values)`), which an index on (parent, sort
// keys, id) answers without reading the rows before it; `?page=` is the bounded offset fallback
// for a bookmarked page number. Every source below is scoped by its parent (district, school),
// so a page's cost follows the page, not the district (indexes: migration 0007_list_indexes).

type Sql = RawBuilder<unknown>;

/**
 * A list: its rows (`from`, `where`), its id, the keys of each sort, the texts a search looks in
 * (lowercase), and the district whose 'roster' version names its kept total (migration 0015).
 */
export type ListSource<S extends string> = {
  from: Sql;
  where: Sql[];
  id: Sql;
  keys: Record<S, Sql[]>;
  search: Sql[];
  district: Sql;
};

export type PageRequest<S extends string> = {
  q: string;
  sort: S;
  dir: SortDir;
  cursor: Cursor | null;
  page: number;
  limit: number;
};

/** The ids of one page, in order, with what the count line and the page links need. */
export type PageOfIds = { ids: string[]; total: number; from: number; to: number; next: string | null; prev: string | null };

/**
 * Totals kept from earlier pages (app/api/kept.ts), by the count's SQL and parameters, each with
 * the list's version read in the count's own statement. A page reads the version in its own
 * statement too: the same version, and the kept total is this snapshot's; another, and it counts.
 */
export type KeptTotals = {
  get(key: string): { total: number; version: number } | undefined;
  set(key: string, total: number, version: number): void;
};

const and = (parts: Sql[]) => sql.join(parts, sql` and `);

/** `column in (ids)`, false for no ids (SQL has no empty list). */
const inList = (column: Sql, ids: readonly string[]) => (ids.length ? sql`${column} in (${sql.join([...ids])})` : sql`false`);

/** One page of `list`; with `kept`, a total counted before under the same version is not counted again. */
export async function pageOfIds<S extends string>(db: Db, list: ListSource<S>, req: PageRequest<S>, kept?: KeptTotals): Promise<PageOfIds> {
  const where = [...list.where];
  if (req.q) {
    // Accents ignored on both sides (issue 35: 'jose' finds José): the text folded by translate()
    // then lowered (lower() alone leaves É as it is where the database's locale is C).
    const pattern = containsPattern(foldAccents(req.q));
    where.push(
      sql`(${sql.join(
        list.search.map((text) => sql`lower(translate(${text}, ${ACCENTED}, ${UNACCENTED})) like ${pattern} escape '\\'`),
        sql` or `,
      )})`,
    );
  }
  const version = keptVersionSql(list.district, "roster");
  const count = sql<{ n: number; v: number }>`select count(*)::int as n, ${version} as v from ${list.from} where ${and(where)}`;
  let totalKey = "";
  if (kept) {
    const compiled = count.compile(db);
    totalKey = `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
  }
  const keptTotal = kept?.get(totalKey);
  const counted = (row: { n: number; v: number } | undefined) => {
    const n = Number(row?.n ?? 0);
    if (row) kept?.set(totalKey, n, Number(row.v));
    return n;
  };
  // How many, and nothing else: a page that only needs the count (whether a school has classrooms).
  if (req.limit === 0) {
    let total: number | undefined;
    if (keptTotal) {
      const now = await sql<{ v: number }>`select ${version} as v`.execute(db);
      if (Number(now.rows[0]?.v) === keptTotal.version) total = keptTotal.total;
    }
    total ??= counted((await count.execute(db)).rows[0]);
    return { ids: [], total, from: 0, to: 0, next: null, prev: null };
  }
  const keys = [...list.keys[req.sort], list.id];
  const cursor = req.cursor && req.cursor.k.length === keys.length ? req.cursor : null;
  // Rows before a cursor are read backwards (the sort reversed) and turned round.
  const backwards = cursor?.b ?? false;
  const ascending = (req.dir === "asc") !== backwards;
  const order = sql.join(keys.map((k) => sql`${k} ${sql.raw(ascending ? "asc" : "desc")}`));
  const pageWhere = cursor
    ? [...where, sql`(${sql.join(keys)}) ${sql.raw(ascending ? ">" : "<")} (${sql.join(cursor.k.map((v) => sql`${v}`))})`]
    : where;
  const offset = cursor ? 0 : (req.page - 1) * req.limit;
  const columns = sql.join(keys.map((k, i) => sql`${k}::text as ${sql.ref(`k${i}`)}`));
  let total: number | undefined;
  let found: Record<string, string>[] = [];
  if (keptTotal) {
    // The page and the version in one statement: the version's single row, joined to the page's rows.
    const fetched = await sql<
      Record<string, string> & { v: number }
    >`select list_version.v, list_page.* from (select ${version} as v) list_version
    left join lateral (select ${columns}, row_number() over (order by ${order}) as rn from ${list.from} where ${and(pageWhere)} order by ${order} limit ${req.limit + 1} offset ${offset}) list_page on true
    order by list_page.rn`.execute(db);
    if (Number(fetched.rows[0]?.v) === keptTotal.version) {
      total = keptTotal.total;
      found = fetched.rows.filter((r) => r[`k${keys.length - 1}`] !== null);
    }
  }
  if (total === undefined) {
    // The count and the page in one statement (one round trip, issue 15): the count's single row,
    // joined to the page's rows, numbered so their order survives the join.
    const fetched = await sql<
      Record<string, string> & { n: number; v: number }
    >`select list_count.n, list_count.v, list_page.* from (${count}) list_count
    left join lateral (select ${columns}, row_number() over (order by ${order}) as rn from ${list.from} where ${and(pageWhere)} order by ${order} limit ${req.limit + 1} offset ${offset}) list_page on true
    order by list_page.rn`.execute(db);
    total = counted(fetched.rows[0]);
    // No row on the page still gives the count's row, its keys null.
    found = fetched.rows.filter((r) => r[`k${keys.length - 1}`] !== null);
  }
  let rows = found.slice(0, req.limit);
  const more = found.length > req.limit;
  if (backwards) {
    rows = rows.reverse();
    // No more rows before these: this is the first page; when rows were deleted meanwhile it is
    // short, so read the first page itself.
    if (!more && rows.length < req.limit) return pageOfIds(db, list, { ...req, cursor: null, page: 1 }, kept);
  }
  const keyColumn = (row: Record<string, string>, i: number) => {
    const value = row[`k${i}`];
    if (value === undefined) throw new Error(`A list row without its key column k${i}`);
    return value;
  };
  const keyOf = (row: Record<string, string>) => keys.map((_, i) => keyColumn(row, i));
  const firstRow = rows[0];
  const lastRow = rows.at(-1);
  let start = cursor ? Math.min(cursor.i, Math.max(0, total - rows.length)) : offset;
  if (!cursor && rows.length === 0 && offset > 0 && total > 0) {
    // A page number past the end: the last page.
    return pageOfIds(db, list, { ...req, page: Math.ceil(total / req.limit) }, kept);
  }
  if (backwards) start = more ? Math.max(1, Math.min(start, total - rows.length)) : 0;
  const hasNext = backwards ? start + rows.length < total : more;
  const hasPrev = backwards ? more : start > 0 || cursor !== null;
  return {
    ids: rows.map((r) => keyColumn(r, keys.length - 1)),
    total,
    from: rows.length ? start + 1 : 0,
    to: start + rows.length,
    next: hasNext && lastRow ? nextCursor(keyOf(lastRow), start + rows.length, req.sort, req.dir) : null,
    prev: hasPrev && firstRow ? prevCursor(keyOf(firstRow), start - req.limit, req.sort, req.dir) : null,
  };
}

const userNames = (u: string) => [
  sql`lower(${sql.ref(`${u}.first_name`)} || ' ' || ${sql.ref(`${u}.last_name`)})`,
  sql`lower(${sql.ref(`${u}.last_name`)} || ', ' || ${sql.ref(`${u}.first_name`)})`,
];
const USER_KEYS = {
  name: [sql`lower(u.last_name)`, sql`lower(u.first_name)`],
  email: [sql`lower(u.email)`],
};

/**
 * A district's users; with `schoolIds` (a school admin) only the users of those schools whose
 * first role is school-level, the ones they may manage.
 */
export function districtUsers(organizationId: string, schoolIds: readonly string[] | null): ListSource<"name" | "email"> {
  const where = [sql`u.organization_id = ${organizationId}`, sql`u.deleted_at is null`];
  if (schoolIds) {
    where.push(
      sql`u.user_id in (select uou.user_id from user_organization_unit uou where ${inList(sql`uou.organization_unit_id`, schoolIds)})`,
      sql`(select r.role_id from user_role r where r.user_id = u.user_id order by r.position limit 1) in (${sql.join([ROLE_IDS.ORG_UNIT_ADMIN, ROLE_IDS.TEACHER])})`,
    );
  }
  return {
    from: sql`app_user u`,
    where,
    id: sql`u.user_id`,
    keys: USER_KEYS,
    search: [...userNames("u"), sql`lower(u.email)`],
    district: districtId(organizationId),
  };
}

export function superAdmins(): ListSource<"name" | "email"> {
  return {
    from: sql`app_user u`,
    where: [
      sql`u.deleted_at is null`,
      sql`exists (select 1 from user_role r where r.user_id = u.user_id and r.role_id = ${ROLE_IDS.SUPER_ADMIN})`,
    ],
    id: sql`u.user_id`,
    keys: USER_KEYS,
    search: [...userNames("u"), sql`lower(u.email)`],
    district: districtId(ACROSS_DISTRICTS),
  };
}

/** A district's schools; with `schoolIds` (school-level roles) only those. */
export function districtSchools(organizationId: string, schoolIds: readonly string[] | null): ListSource<"name"> {
  const where = [sql`ou.organization_id = ${organizationId}`, sql`ou.deleted_at is null`];
  if (schoolIds) where.push(inList(sql`ou.organization_unit_id`, schoolIds));
  return {
    from: sql`organization_unit ou`,
    where,
    id: sql`ou.organization_unit_id`,
    keys: { name: [sql`lower(ou.name)`] },
    search: [sql`lower(ou.name)`],
    district: districtId(organizationId),
  };
}

/** Districts; with `organizationId` only that one. */
export function districts(organizationId: string | null): ListSource<"name" | "state"> {
  const where = [sql`o.deleted_at is null`];
  if (organizationId !== null) where.push(sql`o.organization_id = ${organizationId}`);
  return {
    from: sql`organization o`,
    where,
    id: sql`o.organization_id`,
    keys: { name: [sql`lower(o.name)`], state: [sql`o.state`, sql`lower(o.name)`] },
    search: [sql`lower(o.name)`],
    district: districtId(ACROSS_DISTRICTS),
  };
}

/** A school's classrooms; with `teacherId` only the ones they teach. */
export function schoolClassrooms(schoolId: string, teacherId: string | null): ListSource<"name"> {
  const where = [sql`g.organization_unit_id = ${schoolId}`, sql`g.deleted_at is null`];
  if (teacherId !== null)
    where.push(
      sql`g.participant_group_id in (select t.participant_group_id from participant_group_teacher t where t.user_id = ${teacherId})`,
    );
  return {
    from: sql`participant_group g`,
    where,
    id: sql`g.participant_group_id`,
    keys: { name: [sql`lower(g.name)`] },
    search: [sql`lower(g.name)`],
    district: districtOfSchool(schoolId),
  };
}

/**
 * A school's students; with `teacherId` only those of the classrooms they teach; with
 * `withoutBirthDate` only those a roster brought without a birth date (issue 35), for an admin to complete.
 */
export function schoolStudents(schoolId: string, teacherId: string | null, withoutBirthDate = false): ListSource<"name" | "code"> {
  const where = [sql`p.organization_unit_id = ${schoolId}`, sql`p.deleted_at is null`];
  if (withoutBirthDate) where.push(sql`p.date_of_birth is null`);
  if (teacherId !== null)
    where.push(sql`p.participant_id in (select m.participant_id from participant_group_member m
      join participant_group_teacher t on t.participant_group_id = m.participant_group_id
      join participant_group g on g.participant_group_id = m.participant_group_id
      where t.user_id = ${teacherId} and g.deleted_at is null)`);
  return {
    from: sql`participant p`,
    where,
    id: sql`p.participant_id`,
    keys: { name: [sql`lower(p.last_name)`, sql`lower(p.first_name)`], code: [sql`p.participant_code`] },
    search: [...userNames("p"), sql`lower(coalesce(p.email, ''))`, sql`lower(p.participant_code)`, sql`lower(coalesce(p.external_id, ''))`],
    district: districtOfSchool(schoolId),
  };
}

/** How many rows a list holds, with no search (a figure beside the list, such as students without a birth date). */
export async function countOf<S extends string>(db: Db, list: ListSource<S>): Promise<number> {
  const found = await sql<{ n: number }>`select count(*)::int as n from ${list.from} where ${and(list.where)}`.execute(db);
  return Number(found.rows[0]?.n ?? 0);
}

import { Link, useLocation } from "@remix-run/react";
import { dueText, flagsText, NEXT_STEP_LABELS, statusFilters, type NextStepKind } from "#app/domain/follow-up-lists";
import { FOLLOW_UP_STATUS_LABELS, type FollowUpStatus } from "#app/domain/follow-up-steps";
import { gradeLabel } from "#app/domain/grades";
import { formatRange } from "#app/domain/paging";
import { PERIOD_LABELS, type Period } from "#app/domain/periods";
import type { FollowUpListTab } from "#app/lib/follow-up-lists.server";
import { Cell, DataTable, NameCell } from "../DataTable";
// From the page kit, so a district tab that loads this on its own shares the pages' one chunk (app/components/page-kit.ts).
import { ErrorAlert } from "#app/components/page-kit";
import { ListSearch, SortHeader } from "../ListControls";

// The school and district pages' 'Follow-up' tab (issue 38 item 3): this school year's follow-ups
// with their next step and its deadline. The status filters (with their counts), the search, the
// sortable headers and the pages are links and a GET form over the URL, so the list works
// without JavaScript and by keyboard, and a filtered view can be bookmarked or shared.

/** The URL with some params set (null: removed); the page always restarts unless it is the one set. */
function withParams(search: string, set: Record<string, string | null>): string {
  const params = new URLSearchParams(search);
  if (!("page" in set)) params.delete("page");
  for (const [key, value] of Object.entries(set)) {
    if (value === null) params.delete(key);
    else params.set(key, value);
  }
  return `?${params}`;
}

export function FollowUpList({ tab }: { tab: FollowUpListTab }) {
  const { search } = useLocation();
  const { data, query } = tab;
  const state = { q: query.q, sort: query.sort, dir: query.dir };
  return (
    <section className="follow-up-list" aria-labelledby="follow-up-list-title">
      <h2 id="follow-up-list-title">Follow-up</h2>
      <p>
        This school year&apos;s follow-ups after a flag, with each student&apos;s next step and when it is due.
        {data ? ` School year ${data.academicYear}.` : ""}
      </p>
      <ErrorAlert message={tab.error} />
      {data && !data.policySet ? <p className="follow-up-list__status">{tab.noPolicyText}</p> : null}
      <p className="follow-up-list__links">
        <a className="button" href={tab.csvHref} download>
          Download CSV
        </a>
        {tab.countsHref ? <Link to={tab.countsHref}>Annual counts</Link> : null}
      </p>
      {data ? (
        <>
          <nav aria-label="Follow-up status" className="follow-up-list__filters">
            <ul>
              {statusFilters(data.counts).map((f) => (
                <li key={f.status ?? "all"}>
                  <Link
                    to={withParams(search, { status: f.status })}
                    aria-current={f.status === query.status ? "page" : undefined}
                    preventScrollReset
                  >
                    {f.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <ListSearch label="Search follow-ups" q={query.q} hint="Finds students whose name or participant code contains the text." />
          {data.rows.length === 0 ? (
            <p className="empty">{query.q || query.status ? "No follow-ups match." : "No follow-ups this school year."}</p>
          ) : (
            <DataTable caption={`Follow-ups${query.status ? `: ${FOLLOW_UP_STATUS_LABELS[query.status]}` : ""}`}>
              <thead>
                <tr>
                  <SortHeader column="name" label="Student" state={state} />
                  {tab.bySchool ? <th scope="col">School</th> : null}
                  <th scope="col">Classroom</th>
                  <th scope="col">Grade</th>
                  <th scope="col">Period</th>
                  <SortHeader column="flaggedOn" label="Flagged on" state={state} />
                  <th scope="col">Next step</th>
                  <SortHeader column="due" label="Due" state={state} />
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {data.rows.map((r) => (
                  <tr key={r.followUpId ?? `opted-out-${r.participantId}`}>
                    <NameCell text={r.studentName} href={`/student/${r.participantId}/follow-up`} />
                    {tab.bySchool ? <Cell text={r.schoolName} /> : null}
                    <Cell text={r.classroomName || "None"} />
                    <td>{gradeLabel(r.grade)}</td>
                    <td>{r.periodName ? PERIOD_LABELS[r.periodName as Period] : "Opted out of screening"}</td>
                    <td>{r.flaggedOn ?? ""}</td>
                    <td>
                      {r.nextStep ? NEXT_STEP_LABELS[r.nextStep.step as NextStepKind] : "None"}
                      {r.flags.length ? <span className="follow-up-list__flags"> ({flagsText(r.flags)})</span> : null}
                    </td>
                    <td>{r.nextStep ? dueText(r.nextStep.due, tab.today) : ""}</td>
                    <td className={`follow-up-list__status--${r.status}`}>{FOLLOW_UP_STATUS_LABELS[r.status as FollowUpStatus]}</td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          )}
          <PageLinks search={search} page={data.page} pageSize={data.pageSize} total={data.total} />
        </>
      ) : null}
    </section>
  );
}

/** The count line and Previous / Next by page number (the list is paged by `?page=`). */
function PageLinks({ search, page, pageSize, total }: { search: string; page: number; pageSize: number; total: number }) {
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  const prev = page > 1 ? withParams(search, { page: page === 2 ? null : String(page - 1) }) : null;
  const next = page * pageSize < total ? withParams(search, { page: String(page + 1) }) : null;
  return (
    <nav className="pager" aria-label="Follow-ups pages">
      <p className="pager__count">{formatRange(from, to, total)}</p>
      <ul className="pager__links">
        {[
          ["Previous", prev],
          ["Next", next],
        ].map(([text, to]) => (
          <li key={text}>
            {to ? (
              <Link to={to} className="button button--small" rel={text === "Next" ? "next" : "prev"} preventScrollReset>
                {text} <span className="visually-hidden">page</span>
              </Link>
            ) : (
              <span className="button button--small pager__off" aria-disabled="true">
                {text} <span className="visually-hidden">page</span>
              </span>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

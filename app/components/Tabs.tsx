import { Link, useLocation } from "@remix-run/react";
import { DIALOG_PARAMS } from "./UrlDialog";

export type TabItem = { id: string; label: string };

/** The selected tab: `?tab=` when it names one of `tabs`, else the first. */
export function selectedTab<T extends TabItem>(tabs: readonly T[], search: string | URLSearchParams, param = "tab"): T {
  const wanted = new URLSearchParams(search).get(param);
  return tabs.find((t) => t.id === wanted) ?? tabs[0];
}

/**
 * Link tabs: the selection lives in the URL (`?tab=users`), so they render on the server and
 * need no JavaScript. A nav of links; the current one has aria-current="page". Switching
 * tabs drops dialog and sort params and keeps the rest.
 */
export function Tabs({
  tabs,
  current,
  label,
  param = "tab",
  drop = [],
}: {
  tabs: readonly TabItem[];
  current: string;
  /** Accessible name of the nav, e.g. 'District sections'. */
  label: string;
  param?: string;
  /** More params that belong to one tab and go away when switching (e.g. 'period'). */
  drop?: readonly string[];
}) {
  const location = useLocation();
  const hrefFor = (id: string) => {
    const params = new URLSearchParams(location.search);
    for (const key of [...DIALOG_PARAMS, "sort", ...drop]) params.delete(key);
    params.set(param, id);
    return `?${params.toString()}`;
  };
  return (
    <nav className="tabs" aria-label={label}>
      <ul className="tabs__list">
        {tabs.map((tab) => (
          <li key={tab.id}>
            <Link to={hrefFor(tab.id)} className="tabs__tab" aria-current={tab.id === current ? "page" : undefined} preventScrollReset>
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

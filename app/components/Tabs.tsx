import { Link, useLocation } from "@remix-run/react";
import { tabSearch, type TabItem } from "#app/domain/url-state";

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
  const { search } = useLocation();
  return (
    <nav className="tabs" aria-label={label}>
      <ul className="tabs__list">
        {tabs.map((tab) => (
          <li key={tab.id}>
            <Link
              to={tabSearch(search, tab.id, { param, drop })}
              className="tabs__tab"
              aria-current={tab.id === current ? "page" : undefined}
              preventScrollReset
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

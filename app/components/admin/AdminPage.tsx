import type { ReactNode } from "react";
import type { Crumb } from "#app/domain/breadcrumbs";
import type { TabItem } from "#app/domain/url-state";
import { Breadcrumbs } from "../Breadcrumbs";
import { ErrorAlert } from "../ErrorAlert";
import { Tabs } from "../Tabs";

/**
 * The frame of an administration page (spec 000 §2): breadcrumbs, the heading with its toolbar,
 * the page's own load failure, the tabs (links: ?tab=…), then the current tab's content.
 */
export function AdminPage({
  crumbs = [],
  title,
  toolbar,
  error,
  tabs,
  tab,
  tabsLabel,
  dropOnTabSwitch,
  children,
}: {
  crumbs?: readonly Crumb[];
  title: string;
  toolbar?: ReactNode;
  error?: string | null;
  tabs: readonly TabItem[];
  tab: string;
  /** The tab nav's accessible name, e.g. 'District sections'. */
  tabsLabel: string;
  /** Params of one tab that go away when switching tabs (e.g. 'period'). */
  dropOnTabSwitch?: readonly string[];
  children: ReactNode;
}) {
  return (
    <section aria-labelledby="page-title">
      <Breadcrumbs crumbs={crumbs} />
      <div className="page-header">
        <h1 id="page-title">{title}</h1>
        {toolbar ? <div className="toolbar">{toolbar}</div> : null}
      </div>
      <ErrorAlert message={error} />
      <Tabs tabs={tabs} current={tab} label={tabsLabel} drop={dropOnTabSwitch} />
      {children}
    </section>
  );
}

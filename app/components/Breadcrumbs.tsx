import { Link } from "@remix-run/react";
import type { Crumb } from "#app/domain/breadcrumbs";

/** A breadcrumb nav from `breadcrumbs()` (app/domain/breadcrumbs.ts); the last crumb is the current page. */
export function Breadcrumbs({ crumbs }: { crumbs: readonly Crumb[] }) {
  if (crumbs.length === 0) return null;
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumb">
      <ol className="breadcrumbs__list">
        {crumbs.map((crumb, i) => (
          <li key={`${i}-${crumb.label}`} className="breadcrumbs__item">
            {crumb.href ? <Link to={crumb.href}>{crumb.label}</Link> : <span aria-current="page">{crumb.label}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}

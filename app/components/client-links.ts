import { useNavigate } from "@remix-run/react";
import type { MouseEvent } from "react";

/**
 * One click handler for the plain <a> links of a table: a plain left click becomes a client
 * navigation, as a <Link> would make it. A long list or grid has hundreds of links, and a <Link>
 * each runs its router hooks in every server render and in hydration (issue 15). Modifier keys,
 * other origins, `target` and `download` are left to the browser. A link `keepScroll` picks (by
 * default one marked `data-keep-scroll`: a dialog opening over the list) leaves the page where it
 * is; a link to the page already shown replaces its history entry, as <Link> does.
 */
export function useClientLinkClicks(keepScroll: (link: HTMLAnchorElement) => boolean = (link) => link.hasAttribute("data-keep-scroll")) {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    const link = (event.target as HTMLElement).closest("a");
    if (!link || !event.currentTarget.contains(link) || link.target || link.hasAttribute("download")) return;
    const url = new URL(link.href);
    if (url.origin !== window.location.origin) return;
    event.preventDefault();
    const to = url.pathname + url.search + url.hash;
    const here = window.location.pathname + window.location.search + window.location.hash;
    navigate(to, { preventScrollReset: keepScroll(link), replace: to === here });
  };
}

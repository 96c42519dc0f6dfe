import { Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { dialogSearch } from "#app/domain/url-state";

/**
 * A real link that opens a dialog by putting it in the URL (`?dialog=edit-user&id=…`); works
 * without JavaScript (the server renders the dialog open). A module of its own, without Radix,
 * so a page's links do not bring the dialogs' code: `preload` starts loading it on the user's
 * intent (pointer over or focus on the link).
 */
export function DialogLink({
  dialog,
  params,
  className = "button",
  preload,
  children,
  ...rest
}: {
  dialog: string;
  params?: Record<string, string>;
  className?: string;
  preload?: () => void;
  children: ReactNode;
  "aria-label"?: string;
  title?: string;
}) {
  const { search } = useLocation();
  return (
    <Link
      to={dialogSearch(search, dialog, params)}
      className={className}
      preventScrollReset
      onPointerEnter={preload}
      onFocus={preload}
      {...rest}
    >
      {children}
    </Link>
  );
}

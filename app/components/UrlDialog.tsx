import * as Dialog from "@radix-ui/react-dialog";
import { Link, useLocation, useNavigate } from "@remix-run/react";
import clsx from "clsx";
import { useId, useState, type ReactNode } from "react";
// From the page kit, so every dialog shares the pages' one chunk (app/components/page-kit.ts).
import { closedSearch, dialogOf } from "#app/components/page-kit";

/**
 * A Radix dialog whose open state is the URL: open when `?dialog=<name>` (and, when given, `?id=<id>`).
 * Rendered in place (no portal) so the server sends it open to browsers without JavaScript;
 * with JavaScript Radix adds the focus trap, Escape and focus return. Closing navigates to the
 * URL without the dialog params, which is also the Cancel link's href.
 */
export function UrlDialog({
  name,
  id,
  title,
  description,
  children,
  className,
  alsoRemove = [],
}: {
  name: string;
  /** Only open for this `?id=` (edit and delete dialogs). */
  id?: string;
  title: string;
  description?: ReactNode;
  children: ReactNode | ((closeHref: string) => ReactNode);
  className?: string;
  /** More search params to drop on close. */
  alsoRemove?: readonly string[];
}) {
  const current = dialogOf(useLocation().search);
  const open = current.dialog === name && (id === undefined || current.id === id);
  if (!open) return null;
  return (
    <OpenUrlDialog title={title} description={description} className={className} alsoRemove={alsoRemove}>
      {children}
    </OpenUrlDialog>
  );
}

function OpenUrlDialog({
  title,
  description,
  children,
  className,
  alsoRemove,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode | ((closeHref: string) => ReactNode);
  className?: string;
  alsoRemove: readonly string[];
}) {
  const location = useLocation();
  const navigate = useNavigate();
  // The dialog opens by navigation, not through a Radix Trigger, so Radix has no trigger to
  // give focus back to: remember what had focus (the link that opened it) when it mounted.
  const [opener] = useState(() => (typeof document === "undefined" ? null : (document.activeElement as HTMLElement | null)));
  const closeHref = location.pathname + closedSearch(location.search, alsoRemove);
  // Named by its title in the server's HTML too, so the dialog has its name before (or without) JavaScript.
  const titleId = useId();
  return (
    <Dialog.Root
      open
      onOpenChange={(next) => {
        if (!next) navigate(closeHref, { preventScrollReset: true, replace: true });
      }}
    >
      <Dialog.Overlay className="url-dialog__overlay" />
      <Dialog.Content
        className={clsx("url-dialog", className)}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          focusOpener(opener);
        }}
        aria-labelledby={titleId}
        {...(description ? {} : { "aria-describedby": undefined })}
      >
        <div className="url-dialog__header">
          <Dialog.Title id={titleId} className="url-dialog__title">
            {title}
          </Dialog.Title>
          <Link to={closeHref} className="url-dialog__x" preventScrollReset replace aria-label="Close">
            <span aria-hidden="true">×</span>
          </Link>
        </div>
        {description ? <Dialog.Description className="url-dialog__description">{description}</Dialog.Description> : null}
        {typeof children === "function" ? children(closeHref) : children}
      </Dialog.Content>
    </Dialog.Root>
  );
}

/**
 * Back to the link that opened the dialog. A grid row written as one HTML string (grid-row-html.ts)
 * is written anew when a save changed it, and its link with it: then the link of the same address.
 */
function focusOpener(opener: HTMLElement | null) {
  if (!opener || opener === document.body) return;
  const href = opener.getAttribute("href");
  const target = opener.isConnected ? opener : href ? document.querySelector<HTMLElement>(`a[href="${CSS.escape(href)}"]`) : null;
  target?.focus();
}

/** Cancel: a real link to the page without the dialog, so it also works without JavaScript. */
export function DialogCancel({ href, children = "Cancel" }: { href: string; children?: ReactNode }) {
  return (
    <Link to={href} className="button" preventScrollReset replace>
      {children}
    </Link>
  );
}

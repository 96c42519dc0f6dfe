import { randomUUID } from "node:crypto";
import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  Link,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { createContext, useContext, type ReactNode } from "react";
import { DocumentLinks } from "#app/components/DocumentLinks";
import { ErrorPage, dialogOf, isDoneCreate } from "#app/components/page-kit";
import { IdleTimeout } from "#app/components/IdleTimeout";
import { Menu } from "#app/components/Menu";
import { bodyClassOf } from "#app/components/page-handle";
import { SaveQueueStatus } from "#app/components/offline/SaveQueueStatus";
import { onlyLetterDialogMoved } from "#app/components/results/urls";
import { Toasts } from "#app/components/Toasts";
import { homePath } from "#app/domain/home-path";
import { getUser } from "#app/lib/auth.server";
import { menuData } from "#app/lib/menu.server";
import { idleTimeoutMs, logoutGraceMs } from "#app/server/config.server";
import { doneCreateKey, takeToast } from "#app/lib/toast.server";
import appCss from "#app/styles/app.css";
import uiCss from "#app/styles/ui.css";
import menuCss from "#app/styles/menu.css";

/**
 * The nonce of this page's inline scripts, set by app/entry.server.tsx for each request and named
 * by its Content-Security-Policy. In the browser it is empty: the scripts already ran.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: appCss },
  { rel: "stylesheet", href: uiCss },
  { rel: "stylesheet", href: menuCss },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
];

export const meta: MetaFunction = () => [{ title: "Early Literacy Screening" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getUser(request, context);
  const { toast, headers } = await takeToast(request);
  const dialog = dialogOf(new URL(request.url).search);
  const creating = dialog.dialog.startsWith("create-");
  return json(
    {
      user: user && { firstName: user.firstName, email: user.email, role: user.role, home: homePath(user) },
      toast,
      // Spec 001: idle time-out and logout grace; IDLE_TIMEOUT_MS / LOGOUT_GRACE_MS shorten them in tests.
      idle: user ? { idleMs: idleTimeoutMs(), graceMs: logoutGraceMs() } : null,
      menu: menuData(request),
      // A Create link's one-time key (`?key=`); in the open create dialog it is the form's
      // idempotency key (issue 13 item 5; app/api/idempotency.ts), and once that create succeeded
      // Back to the dialog's URL does not open it again (isDoneCreate).
      createKey: randomUUID(),
      idempotencyKey: creating ? dialog.key || randomUUID() : null,
      doneCreate: creating && isDoneCreate(dialog.key, await doneCreateKey(request)),
    },
    headers ? { headers } : undefined,
  );
}

/**
 * Opening, switching or closing a classroom's letter dialog changes nothing this loader says (the
 * user, the menu, a create dialog's key): 'Save and next student' then needs no call but the
 * dialog's own, which it has read ahead (issue 40 item 4).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) =>
  !formMethod && onlyLetterDialogMoved(currentUrl, nextUrl) ? false : defaultShouldRevalidate;

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const user = data?.user ?? null;
  const nonce = useContext(NonceContext);
  const bodyClass = bodyClassOf(useMatches());
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <DocumentLinks nonce={nonce} />
      </head>
      <body className={bodyClass}>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <header className="app-header">
          <Link to={user?.home ?? "/"} className="logo">
            Early Literacy Screening
          </Link>
          {user ? <SaveQueueStatus owner={user.email} /> : null}
          {user && data ? <Menu firstName={user.firstName} email={user.email} {...data.menu} /> : null}
        </header>
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <Toasts toast={data?.toast ?? null} />
        {data?.idle ? <IdleTimeout idleMs={data.idle.idleMs} graceMs={data.idle.graceMs} /> : null}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <ErrorPage />;
}

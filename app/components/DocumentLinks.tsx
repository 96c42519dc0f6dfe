import { UNSAFE_RemixContext, useMatches } from "@remix-run/react";
import { createContext, useContext } from "react";

/**
 * On the server: the text of a built stylesheet by its URL (app/server/inline-css.server.ts), set
 * by app/entry.server.tsx. Undefined in the browser.
 */
export const InlineCssContext = createContext<((href: string) => string | null) | undefined>(undefined);

type Descriptor = { rel?: string; href?: string; page?: string; [key: string]: unknown };

/**
 * The stylesheets the document inlined, read once from the page the server sent: the browser's
 * render of <DocumentLinks> keeps them as the same <style> elements (so hydration matches), and
 * a route rendered later that needs one again gets it back from here, not from the network.
 */
const inlinedInDocument: Map<string, string> | null =
  typeof document === "undefined"
    ? null
    : new Map([...document.querySelectorAll<HTMLStyleElement>("style[data-href]")].map((s) => [s.dataset.href!, s.textContent ?? ""]));

/**
 * Remix's <Links />, except that the first document carries its stylesheets inline (issue 15):
 * the page's CSS is small (a few KB gzip), and a <link rel="stylesheet"> in the head blocks the
 * first paint for one more round trip (562 ms on Slow 4G). Routes still declare their sheets in
 * `links`, so a client navigation to a page with a sheet the document did not inline waits for
 * it (Remix preloads route stylesheets before it renders the route) and links it as usual.
 */
export function DocumentLinks({ nonce }: { nonce?: string }) {
  const { routeModules, manifest } = useContext(UNSAFE_RemixContext)!;
  const inline = useContext(InlineCssContext);
  const matches = useMatches();
  const seen = new Set<string>();
  const links: Descriptor[] = [];
  for (const m of matches) {
    const css: Descriptor[] = (manifest.routes[m.id]?.css ?? []).map((href) => ({ rel: "stylesheet", href }));
    const own = (routeModules[m.id]?.links?.() ?? []) as Descriptor[];
    for (const d of [...css, ...own]) {
      if (d.page) continue; // prefetch-page descriptors: none in this app
      const key = `${d.rel} ${d.href}`;
      if (seen.has(key)) continue;
      seen.add(key);
      links.push(d);
    }
  }
  return (
    <>
      {links.map((d) => {
        const key = `${d.rel} ${d.href}`;
        if (d.rel === "stylesheet" && d.href) {
          const text = inline ? inline(d.href) : (inlinedInDocument?.get(d.href) ?? null);
          if (text !== null) {
            return <style key={key} data-href={d.href} nonce={nonce} dangerouslySetInnerHTML={{ __html: text }} />;
          }
        }
        return <link key={key} {...d} />;
      })}
    </>
  );
}

import { lazy, Suspense, type ComponentType } from "react";

/**
 * A dialog whose code (and Radix's, which only dialogs use on this page) the browser loads when
 * the dialog opens, not with the page: most visits open none. `preload()` starts the load early,
 * on the user's intent (pointer over or focus on the link that opens it).
 *
 * The server has the module before any request (it loads it at start), so it renders an open
 * dialog in the first pass, complete, as before: a browser without JavaScript gets it at once.
 * In the browser the Suspense boundary keeps that server HTML on screen until the code arrives,
 * then hydrates it; on a client navigation the dialog appears once its code is in.
 */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const start = () => {
    pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed download may succeed when the dialog is opened again.
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  // lazy() types its props through a ref-adding conditional type that TypeScript cannot resolve
  // for a generic P; the component it returns takes exactly the loaded component's props.
  const Lazy = lazy(() => start().then((component) => ({ default: component }))) as unknown as ComponentType<P>;
  /** Starts the download; a failure shows when the dialog opens (the route's error boundary), not here. */
  const preload = () => {
    start().catch(() => undefined);
  };
  if (typeof document === "undefined") preload();

  function LazyDialog(props: P) {
    // The browser always renders the lazy component (one element type, so it is never remounted
    // when the code arrives); the server renders the loaded one, so nothing suspends there.
    const ServerDialog = typeof document === "undefined" ? loaded : null;
    return <Suspense fallback={null}>{ServerDialog ? <ServerDialog {...props} /> : <Lazy {...props} />}</Suspense>;
  }
  return Object.assign(LazyDialog, { preload });
}

// A route's say in the document around it: the class of <body>, from the route's own data. The
// page's layout then needs no :has() rule on <body>, which makes the browser restyle the whole
// page whenever anything in it changes (issue 40 item 4).

export type PageHandle = {
  /** The class(es) this route puts on <body>, or nothing. */
  bodyClass?: (data: unknown) => string | false | null | undefined;
};

/** The <body> class of the matched routes, outermost first; undefined when none has one. */
export function bodyClassOf(matches: readonly { handle?: unknown; data?: unknown }[]): string | undefined {
  const classes = matches.flatMap((m) => {
    const c = (m.handle as PageHandle | undefined)?.bodyClass?.(m.data);
    return c ? [c] : [];
  });
  return classes.length ? classes.join(" ") : undefined;
}

// Checks that run inside the page (page.evaluate): each function is self-contained, since
// Playwright sends its source to the browser. Used by reflow-and-zoom.spec.ts for WCAG 1.4.4,
// 1.4.10, 1.4.11, 1.4.12 and 2.4.7; docs/accessibility.md cites them as evidence.

/**
 * What breaks reflow, zoom or text spacing on the page as it stands (inside the open dialog
 * only, when one is open: the page behind it is inert). One line per problem; [] when none.
 * - the page scrolls sideways;
 * - a box scrolls sideways that holds no table wider than itself (WCAG 1.4.10 lets a data
 *   table scroll in its own region, nothing else);
 * - something is drawn beyond the viewport's right edge outside any box that scrolls;
 * - a box is drawn beyond its parent's left or right edge while the parent neither clips nor
 *   scrolls (a column drawn outside its table, a control across its frame);
 * - a box is drawn below its parent's bottom onto what follows the parent (text over text);
 * - a box that clips (overflow hidden or clip) cuts its text, except a deliberate one-line
 *   ellipsis, which the specs ask for with the full text kept in a title and the accessible name.
 */
export function layoutProblems(): string[] {
  const doc = document.documentElement;
  const viewport = doc.clientWidth;
  const problems: string[] = [];
  const tolerance = 1;
  const describe = (el: Element) => {
    const classes = typeof el.className === "string" && el.className.trim() ? `.${el.className.trim().split(/\s+/).join(".")}` : "";
    const text = (el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40);
    return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${classes}>${text ? ` "${text}"` : ""}`;
  };
  const shown = (el: Element) => {
    if (!el.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true })) return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  };
  const clips = (s: CSSStyleDeclaration) => /hidden|clip/.test(s.overflowX) || /hidden|clip/.test(s.overflowY);
  const scrolls = (s: CSSStyleDeclaration) => /auto|scroll/.test(s.overflowX);
  const insideScroller = (el: Element) => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) if (scrolls(getComputedStyle(p))) return true;
    return false;
  };
  /** The nearest ancestor that has a box of its own (display: contents has none). */
  const boxParent = (el: Element) => {
    let p = el.parentElement;
    while (p && getComputedStyle(p).display === "contents") p = p.parentElement;
    return p;
  };
  const intersects = (a: DOMRect, b: { left: number; right: number; top: number; bottom: number }) =>
    a.left < b.right - tolerance && a.right > b.left + tolerance && a.top < b.bottom - tolerance && a.bottom > b.top + tolerance;

  if (doc.scrollWidth > viewport + tolerance) problems.push(`the page scrolls sideways: ${doc.scrollWidth} CSS px wide in ${viewport}`);
  const scope = document.querySelector('[role="dialog"]') ?? document.body;
  for (const el of [scope, ...scope.querySelectorAll("*")]) {
    if (el instanceof SVGElement && !(el instanceof SVGSVGElement)) continue;
    if (el.closest(".visually-hidden") || !shown(el)) continue;
    const s = getComputedStyle(el);
    const r = el.getBoundingClientRect();
    if (scrolls(s) && el.scrollWidth > el.clientWidth + tolerance) {
      const table = [...el.querySelectorAll("table")].some((t) => t.getBoundingClientRect().width > el.clientWidth + tolerance);
      if (!table) problems.push(`scrolls sideways, and not for a data table: ${describe(el)} (${el.scrollWidth} in ${el.clientWidth})`);
    }
    if (clips(s) && (el.textContent ?? "").trim()) {
      const cutAcross = el.scrollWidth > el.clientWidth + tolerance && s.textOverflow !== "ellipsis";
      const cutBelow = el.scrollHeight > el.clientHeight + tolerance;
      if ((cutAcross || cutBelow) && !scrolls(s) && !/auto|scroll/.test(s.overflowY))
        problems.push(`clips its text: ${describe(el)} (${el.scrollWidth}×${el.scrollHeight} in ${el.clientWidth}×${el.clientHeight})`);
    }
    if (r.right > viewport + tolerance && !insideScroller(el) && s.position !== "fixed")
      problems.push(`drawn beyond the viewport (right edge ${Math.round(r.right)} of ${viewport}): ${describe(el)}`);
    const parent = boxParent(el);
    if (!parent || el === scope || /absolute|fixed/.test(s.position)) continue;
    const ps = getComputedStyle(parent);
    if (clips(ps) || scrolls(ps) || /auto|scroll/.test(ps.overflowY) || ps.display === "inline") continue;
    const pr = parent.getBoundingClientRect();
    if (r.left < pr.left - tolerance || r.right > pr.right + tolerance)
      problems.push(
        `drawn outside its parent across (${Math.round(r.left)}–${Math.round(r.right)} in ${Math.round(pr.left)}–${Math.round(pr.right)}): ${describe(el)} in ${describe(parent)}`,
      );
    // A cell that spans rows reaches below its own row by design.
    const spansRows = el instanceof HTMLTableCellElement && el.rowSpan > 1;
    if (r.bottom > pr.bottom + tolerance && !spansRows) {
      // Below the parent: a problem only where it lands on what follows the parent (or its ancestors).
      const strip = { left: r.left, right: r.right, top: Math.max(r.top, pr.bottom), bottom: r.bottom };
      let hit: Element | null = null;
      for (let a: Element | null = parent; a && a !== scope.parentElement && !hit; a = a.parentElement)
        for (let next = a.nextElementSibling; next && !hit; next = next.nextElementSibling)
          if (shown(next) && !/absolute|fixed/.test(getComputedStyle(next).position) && intersects(next.getBoundingClientRect(), strip))
            hit = next;
      if (hit) problems.push(`drawn below its parent onto ${describe(hit)}: ${describe(el)} in ${describe(parent)}`);
    }
  }
  return problems;
}

/** The WCAG text-spacing bookmarklet's style (1.4.12's four values): line height 1.5, paragraphs 2 em apart, letters 0.12 em, words 0.16 em. */
export const TEXT_SPACING_CSS = `
*, *::before, *::after { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
p { margin-bottom: 2em !important; }`;

type Rgb = [number, number, number];
interface ColourKit {
  /** The colour a CSS colour value names, with its alpha. */
  parse(css: string): [number, number, number, number] | null;
  /** The opaque colour behind an element as drawn: its and its ancestors' background colours, and the tint or hatching a gradient lays over them (the grid's highlight, its not-applicable cells). */
  background(from: Element | null): Rgb;
  /** WCAG's contrast ratio, to two decimals. */
  ratio(a: number[], b: number[]): number;
}
declare global {
  interface Window {
    a11yColour?: ColourKit;
  }
}

/**
 * In the page, once before the checks below: the colour arithmetic they share, as
 * `window.a11yColour`. A linear gradient as background image counts by its most opaque colour (a
 * one-colour tint, or a hatching's dark stripes); any other image is not read, and the checks say
 * nothing about what sits on it.
 */
export function installColourKit() {
  const parse = (css: string): [number, number, number, number] | null => {
    const m = /rgba?\(([^)]+)\)/.exec(css);
    if (!m?.[1]) return null;
    const p = m[1]
      .split(/[\s,/]+/)
      .filter(Boolean)
      .map(Number);
    return [p[0] ?? 0, p[1] ?? 0, p[2] ?? 0, p[3] ?? 1];
  };
  /** A gradient's most opaque colour: all of a one-colour tint, the dark stripes of a hatching (the worst case for dark text). */
  const tintOf = (image: string) => {
    if (!/^(repeating-)?linear-gradient/.test(image)) return null;
    const colours = (image.match(/rgba?\([^)]+\)/g) ?? []).map(parse).filter((c) => c !== null);
    return colours.sort((a, b) => b[3] - a[3])[0] ?? null;
  };
  const background = (from: Element | null): Rgb => {
    // Nearest first: each element's tint, then its colour; stop at the first opaque colour.
    const layers: [number, number, number, number][] = [];
    for (let e = from; e; e = e.parentElement) {
      const s = getComputedStyle(e);
      const tint = s.backgroundImage === "none" ? null : tintOf(s.backgroundImage);
      if (tint && tint[3] > 0) layers.push(tint);
      const c = parse(s.backgroundColor);
      if (c && c[3] > 0) {
        layers.push(c);
        if (c[3] >= 1) break;
      }
    }
    let rgb: Rgb = [255, 255, 255];
    for (const [r, g, b, a] of layers.reverse()) rgb = [r * a + rgb[0] * (1 - a), g * a + rgb[1] * (1 - a), b * a + rgb[2] * (1 - a)];
    return rgb;
  };
  const luminance = ([r, g, b]: number[]) => {
    const lin = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(r ?? 0) + 0.7152 * lin(g ?? 0) + 0.0722 * lin(b ?? 0);
  };
  const ratio = (a: number[], b: number[]) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
    return Math.round(((hi + 0.05) / (lo + 0.05)) * 100) / 100;
  };
  window.a11yColour = { parse, background, ratio };
}

export interface FocusIndicator {
  element: string;
  /** How focus shows: "outline", "box-shadow" or "none". */
  kind: "outline" | "box-shadow" | "none";
  width: number;
  color: string;
  /** Contrast of the indicator against the colour it is drawn on (WCAG 1.4.11: 3 or more). */
  ratio: number;
}

/** In the page (after installColourKit): how the focused element shows its focus (WCAG 2.4.7), and that indicator's contrast (1.4.11). Null when focus is on the document. */
export function focusIndicator(): FocusIndicator | null {
  const colour = window.a11yColour;
  if (!colour) throw new Error("installColourKit first");
  const { parse, background, ratio } = colour;
  const el = document.activeElement;
  if (!el || el === document.body || el === document.documentElement) return null;
  const s = getComputedStyle(el);
  const tag = `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}> "${(el.getAttribute("aria-label") ?? el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40)}"`;
  const width = parseFloat(s.outlineWidth);
  if (s.outlineStyle !== "none" && width > 0) {
    const color = parse(s.outlineColor) ?? [0, 0, 0, 1];
    // Drawn outside the element (offset 0 or more): on the parent's background; inside: on its own.
    const under = parseFloat(s.outlineOffset) >= 0 ? background(el.parentElement) : background(el);
    return { element: tag, kind: "outline", width, color: s.outlineColor, ratio: ratio(color, under) };
  }
  if (s.boxShadow && s.boxShadow !== "none") {
    const color = parse(s.boxShadow) ?? [0, 0, 0, 1];
    return { element: tag, kind: "box-shadow", width: 0, color: s.boxShadow, ratio: ratio(color, background(el.parentElement)) };
  }
  return { element: tag, kind: "none", width: 0, color: "", ratio: 0 };
}

export interface ContrastSample {
  what: string;
  ratio: number;
}

/**
 * In the page (after installColourKit): the contrast of the non-text parts a user needs (WCAG
 * 1.4.11), as drawn: each form field's edge against its inside and its surroundings, the
 * percentile slider's track edge, ticks and thumb against the band colours they sit on, the ▼
 * marks and ⚑ badge of the grid and profile against their cell, and a flagged row's red edge
 * against its name cell.
 */
export function nonTextContrast(): ContrastSample[] {
  const colour = window.a11yColour;
  if (!colour) throw new Error("installColourKit first");
  const { parse, background, ratio } = colour;
  const shown = (el: Element) => el.checkVisibility({ visibilityProperty: true }) && el.getBoundingClientRect().width > 0;
  const color = (c: string) => parse(c) ?? [0, 0, 0, 1];
  const root = getComputedStyle(document.documentElement);
  const bands = ["--band-well-below", "--band-below", "--band-at-or-above"].map((v) => {
    const probe = document.createElement("span");
    probe.style.color = root.getPropertyValue(v);
    document.body.append(probe);
    const c = color(getComputedStyle(probe).color);
    probe.remove();
    return [v, c] as const;
  });
  const samples: ContrastSample[] = [];
  const fields = document.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
    "input:not([type=checkbox]):not([type=radio]):not([type=hidden]):not([type=file]):not(:disabled), select:not(:disabled), textarea:not(:disabled)",
  );
  for (const f of fields) {
    if (!shown(f) || f.closest(".visually-hidden")) continue;
    const s = getComputedStyle(f);
    const edge = color(s.borderTopColor);
    const label = f.getAttribute("aria-label") ?? f.labels?.[0]?.textContent?.trim() ?? f.getAttribute("name") ?? f.tagName;
    samples.push({ what: `edge of the field '${label}' against its inside`, ratio: ratio(edge, background(f)) });
    samples.push({ what: `edge of the field '${label}' against what surrounds it`, ratio: ratio(edge, background(f.parentElement)) });
  }
  for (const track of [...document.querySelectorAll(".slider__track")].filter(shown).slice(0, 1)) {
    samples.push({
      what: "percentile slider: the track's edge",
      ratio: ratio(color(getComputedStyle(track).borderTopColor), background(track.parentElement)),
    });
    const tick = track.querySelector(".slider__tick");
    const thumb = track.querySelector(".slider__thumb");
    for (const [name, band] of bands) {
      if (tick)
        samples.push({ what: `percentile slider: a tick on ${name}`, ratio: ratio(color(getComputedStyle(tick).backgroundColor), band) });
      if (thumb)
        samples.push({
          what: `percentile slider: the thumb's ring on ${name}`,
          ratio: ratio(color(getComputedStyle(thumb).borderTopColor), band),
        });
    }
  }
  for (const mark of [...document.querySelectorAll(".cell__mark")].filter(shown).slice(0, 20))
    samples.push({ what: `the ${mark.textContent} mark of a result`, ratio: ratio(color(getComputedStyle(mark).color), background(mark)) });
  for (const badge of [...document.querySelectorAll(".flag-badge")].filter(shown).slice(0, 5))
    samples.push({
      what: "the ⚑ badge of a flagged student against its cell",
      ratio: ratio(color(getComputedStyle(badge).backgroundColor), background(badge.parentElement)),
    });
  for (const cell of [...document.querySelectorAll(".results-grid__row--flagged > .results-grid__name")].filter(shown).slice(0, 5))
    samples.push({
      what: "a flagged row's red edge against its name cell",
      ratio: ratio(color(getComputedStyle(cell).boxShadow), background(cell)),
    });
  return samples;
}

/**
 * In the page (after installColourKit): text drawn over a gradient (the grid's hover and focus
 * highlight, the hatching of its not-applicable cells), which axe leaves for a person to judge
 * ('needs review'): each such text's contrast and the least WCAG 1.4.3 asks of its size (3 for
 * large text, else 4.5).
 */
export function textOverTints(): (ContrastSample & { least: number })[] {
  const colour = window.a11yColour;
  if (!colour) throw new Error("installColourKit first");
  const { parse, background, ratio } = colour;
  const tinted = (el: Element) => {
    for (let e: Element | null = el; e; e = e.parentElement) if (/linear-gradient/.test(getComputedStyle(e).backgroundImage)) return true;
    return false;
  };
  const out: (ContrastSample & { least: number })[] = [];
  for (const el of document.body.querySelectorAll("*")) {
    const own = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? "").trim());
    if (!own || el.closest(".visually-hidden") || !el.checkVisibility({ visibilityProperty: true }) || !tinted(el)) continue;
    const s = getComputedStyle(el);
    const size = parseFloat(s.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(s.fontWeight) >= 700);
    out.push({
      what: `"${(el.textContent ?? "").trim().slice(0, 30)}" (${s.color}, ${size}px)`,
      ratio: ratio(parse(s.color) ?? [0, 0, 0, 1], background(el)),
      least: large ? 3 : 4.5,
    });
  }
  return out;
}

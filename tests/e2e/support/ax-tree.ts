import type { Page } from "@playwright/test";

// Chromium's own accessibility tree (CDP Accessibility.getFullAXTree): what the browser hands a
// screen reader through the platform's accessibility API (AT-SPI for Orca on Linux, UIA for
// NVDA and JAWS on Windows). The screen-reader-equivalent pass of docs/accessibility.md reads it.

export interface AxNode {
  role: string;
  name: string;
  depth: number;
  /** The states and properties a screen reader announces: checked, expanded, pressed, level, invalid, required, disabled, focusable… */
  props: Record<string, string>;
  description: string;
}

/** Roles that are only boxes for layout and are not announced. */
const SILENT = new Set(["generic", "none", "InlineTextBox", "LineBreak", "StaticText"]);

/** The page's accessibility tree in reading order, without the silent layout boxes and text runs. */
export async function axTree(page: Page): Promise<AxNode[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await cdp.send("Accessibility.getFullAXTree")) as {
      nodes: {
        nodeId: string;
        parentId?: string;
        childIds?: string[];
        ignored: boolean;
        role?: { value: string };
        name?: { value: string };
        description?: { value: string };
        properties?: { name: string; value: { value: unknown } }[];
      }[];
    };
    const byId = new Map(nodes.map((n) => [n.nodeId, n]));
    const out: AxNode[] = [];
    const walk = (id: string, depth: number) => {
      const n = byId.get(id);
      if (!n) return;
      const role = n.role?.value ?? "";
      const shown = !n.ignored && !SILENT.has(role);
      if (shown)
        out.push({
          role,
          name: (n.name?.value ?? "").trim(),
          depth,
          description: n.description?.value ?? "",
          props: Object.fromEntries((n.properties ?? []).map((p) => [p.name, String(p.value.value)])),
        });
      for (const child of n.childIds ?? []) walk(child, shown ? depth + 1 : depth);
    };
    const root = nodes.find((n) => !n.parentId);
    if (root) walk(root.nodeId, 0);
    return out;
  } finally {
    await cdp.detach();
  }
}

/** One line per node, indented, with its states: the outline a person reads to check names, roles and order. */
export const axOutline = (tree: AxNode[]) =>
  tree
    .map((n) => {
      const props = Object.entries(n.props)
        .filter(([k]) => !["focusable", "readonly", "editable", "settable", "multiline", "autocomplete", "hiddenRoot"].includes(k))
        .map(([k, v]) => `${k}=${v}`)
        .join(" ");
      return `${"  ".repeat(n.depth)}${n.role}${n.name ? ` "${n.name}"` : ""}${props ? ` [${props}]` : ""}`;
    })
    .join("\n");

/** Roles a user operates: each needs a name to be announced by. */
export const OPERABLE = new Set([
  "link",
  "button",
  "textbox",
  "searchbox",
  "combobox",
  "ListBox",
  "listbox",
  "checkbox",
  "radio",
  "spinbutton",
  "slider",
  "switch",
  "tab",
  "menuitem",
  "DisclosureTriangle",
]);

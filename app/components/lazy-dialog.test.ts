import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { lazyDialog } from "#app/components/lazy-dialog";

function Greeting({ name }: { name: string }) {
  return createElement("p", { role: "dialog" }, `Hello ${name}`);
}

describe("lazyDialog on the server", () => {
  it("renders the dialog in the first pass once its module is in (no fallback, so it shows without JavaScript)", async () => {
    let loads = 0;
    const Dialog = lazyDialog(async () => {
      loads++;
      return Greeting;
    });
    // Started when defined, as the server's modules are, before any request.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const html = renderToString(createElement(Dialog, { name: "Ana" }));
    expect(html).toContain("Hello Ana");
    // A complete Suspense boundary, not a fallback ("<!--$!-->") waiting for a streamed swap.
    expect(html.startsWith("<!--$-->")).toBe(true);
    Dialog.preload();
    renderToString(createElement(Dialog, { name: "Ben" }));
    expect(loads).toBe(1);
  });

  it("tries the download again after a failure", async () => {
    let attempts = 0;
    const Dialog = lazyDialog(async () => {
      attempts++;
      if (attempts === 1) throw new Error("offline");
      return Greeting;
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(attempts).toBe(1);
    Dialog.preload();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(attempts).toBe(2);
    expect(renderToString(createElement(Dialog, { name: "Ana" }))).toContain("Hello Ana");
  });
});

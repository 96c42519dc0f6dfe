import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Grade } from "#app/domain/grades";
import { ranReference } from "#app/domain/ran-reference";
import { RanReferenceImage } from "./RanReferenceImage";

const render = (grade: Grade) => renderToStaticMarkup(createElement(RanReferenceImage, { grade }));

describe("RanReferenceImage", () => {
  it.each<[Grade, string, string, string]>([
    ["PK", "/ran/objects-40.svg", "432", "Reference: 40 objects, 4 rows of 10"],
    ["K", "/ran/objects-50.svg", "532", "Reference: 50 objects, 5 rows of 10"],
    ["1", "/ran/letters-50.svg", "532", "Reference: 50 letters, 5 rows of 10"],
    ["2", "/ran/letters-50.svg", "532", "Reference: 50 letters, 5 rows of 10"],
    ["3", "/ran/letters-50.svg", "532", "Reference: 50 letters, 5 rows of 10"],
  ])("grade %s: a figure with %s, sized, lazy, and its caption", (grade, src, height, caption) => {
    const html = render(grade);
    const alt = ranReference(grade).alt;
    expect(html).toBe(
      `<figure class="ran-reference"><img class="ran-reference__image" src="${src}" alt="${alt}" width="1064" height="${height}" loading="lazy" decoding="async"/>` +
        `<figcaption class="ran-reference__caption">${caption}</figcaption></figure>`,
    );
    expect(existsSync(fileURLToPath(new URL(`../../../public${src}`, import.meta.url)))).toBe(true);
  });

  it("alt text names every item, row by row", () => {
    const html = render("K");
    const alt = /alt="([^"]+)"/.exec(html)?.[1] ?? "";
    expect(
      alt.startsWith(
        "RAN reference chart of 50 objects in 5 rows of 10. Row 1: dog, ball, hand, star, chair, star, hand, dog, chair, ball.",
      ),
    ).toBe(true);
    expect(alt.match(/Row \d: /g)).toHaveLength(5);
    expect(alt.split(/, |: |\. /).filter((w) => ["dog", "ball", "hand", "star", "chair"].includes(w.replace(/\.$/, "")))).toHaveLength(50);
  });

  it("takes an id and a class", () => {
    expect(renderToStaticMarkup(createElement(RanReferenceImage, { grade: "1", id: "ran-ref", className: "x" }))).toMatch(
      /^<figure id="ran-ref" class="ran-reference x">/,
    );
  });
});

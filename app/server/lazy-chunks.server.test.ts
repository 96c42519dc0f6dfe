import { describe, expect, it } from "vitest";
import { chunkUrls, type Metafile } from "./lazy-chunks.server";

// A metafile as the Remix compiler writes it (outputs named from the project root, in the assets folder).
const meta: Metafile = {
  outputs: {
    "public/build/routes/district.$districtId-AAAA.js": {
      entryPoint: "browser-route-module:routes/district.$districtId.tsx?browser",
      imports: [
        { path: "public/build/_shared/chunk-KIT.js", kind: "import-statement" },
        { path: "public/build/_shared/SchoolsTab-BBBB.js", kind: "dynamic-import" },
      ],
    },
    "public/build/_shared/SchoolsTab-BBBB.js": {
      entryPoint: "app/components/district/SchoolsTab.tsx",
      imports: [
        { path: "public/build/_shared/chunk-LIST.js", kind: "import-statement" },
        { path: "public/build/_shared/chunk-KIT.js", kind: "import-statement" },
        { path: "public/build/_shared/SchoolDialog-CCCC.js", kind: "dynamic-import" },
      ],
    },
    "public/build/_shared/chunk-LIST.js": { imports: [{ path: "public/build/_shared/chunk-KIT.js", kind: "import-statement" }] },
    "public/build/_shared/chunk-KIT.js": { imports: [{ path: "public/build/_shared/chunk-REACT.js", kind: "import-statement" }] },
    "public/build/_shared/chunk-REACT.js": {},
    "public/build/_shared/SchoolDialog-CCCC.js": { entryPoint: "app/components/admin/SchoolDialog.tsx", imports: [] },
    "public/build/_shared/Odd-DDDD.js": {
      entryPoint: "app/odd.tsx",
      imports: [{ path: "public/build/elsewhere/x.js", kind: "import-statement" }],
    },
  },
};

describe("chunkUrls", () => {
  it("gives a lazily loaded module's file and every chunk it imports, once each, not what it loads later", () => {
    expect(chunkUrls(meta, "app/components/district/SchoolsTab.tsx")).toEqual([
      "/build/_shared/SchoolsTab-BBBB.js",
      "/build/_shared/chunk-LIST.js",
      "/build/_shared/chunk-KIT.js",
      "/build/_shared/chunk-REACT.js",
    ]);
  });
  it("reads outputs in any assets folder (the browser tests' and the bench's builds)", () => {
    const moved: Metafile = {
      outputs: { ".tmp/e2e-build-3350/public/_shared/SchoolDialog-CCCC.js": { entryPoint: "app/components/admin/SchoolDialog.tsx" } },
    };
    expect(chunkUrls(moved, "app/components/admin/SchoolDialog.tsx")).toEqual(["/build/_shared/SchoolDialog-CCCC.js"]);
  });
  it("gives nothing for a module the build does not hold, or one with a file outside _shared/", () => {
    expect(chunkUrls(meta, "app/components/district/Nothing.tsx")).toEqual([]);
    expect(chunkUrls(meta, "app/odd.tsx")).toEqual([]);
  });
});

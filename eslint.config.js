// One lint pass for the tree: TypeScript, React, hooks, accessibility of JSX, and the floors of
// docs/decisions/0007-layers.md (imports run one way: routes → components → lib → api → db → server → i18n →
// domain; a folder never imports one above it, so no loop between folders can form).
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// app/i18n holds the family report's message catalogues: words only, above the pure rules.
const FLOORS = ["routes", "components", "lib", "api", "db", "server", "i18n", "domain"];

/** What a folder may not import: every floor above it, by alias or by relative path. */
function floorRule(folder, extra = []) {
  const above = FLOORS.slice(0, FLOORS.indexOf(folder));
  const patterns = above.map((f) => ({
    regex: `^(#app/|(\\.\\./)+)${f}/`,
    message: `app/${folder} sits below app/${f}: it must not import it (docs/decisions/0007-layers.md).`,
  }));
  return { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [...patterns, ...extra] }] };
}

// Browser-facing modules (routes and components, except .server files) may name API and database
// types, but a value import would pull server code into the client bundle; the classic Remix
// compiler only strips `.server` files, not folders. Routes reach data through the API client.
const serverOnlyValues = [
  {
    regex: "^(#app/|(\\.\\./)+)(api|db)/",
    allowTypeImports: true,
    message: "app/api and app/db are server-only: routes reach them through the API client (app/lib/api.server.ts); import types only.",
  },
  {
    regex: "^(#app/|(\\.\\./)+)server/(?!.*\\.server$)",
    allowTypeImports: true,
    message: "Only `.server` modules of app/server may be imported by a route module.",
  },
];
const noServerInComponents = [
  ...serverOnlyValues,
  // (routes excluded: typescript-eslint lets a type import through when any matching pattern allows types)
  {
    regex: "^(?!(#app/|(\\.\\./)+)routes/).*\\.server$",
    allowTypeImports: true,
    message: "Components run in the browser: no `.server` imports.",
  },
];

// SQL lives in app/db/queries (docs/decisions/0007-layers.md): the API calls named query functions and
// builds no query itself.
const QUERY_BUILDING = "Query building belongs in app/db/queries: call a named query function from there (docs/decisions/0007-layers.md).";
const noQueryBuilding = {
  "no-restricted-syntax": [
    "error",
    {
      selector:
        "CallExpression[callee.type='MemberExpression'][callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|with|withRecursive|selectNoFrom)$/]",
      message: QUERY_BUILDING,
    },
    { selector: "TaggedTemplateExpression[tag.name='sql']", message: QUERY_BUILDING },
    { selector: "MemberExpression[object.name='sql']", message: QUERY_BUILDING },
    { selector: "ImportDeclaration[source.value=/^kysely.helpers./]", message: QUERY_BUILDING },
  ],
};

export default tseslint.config(
  {
    ignores: ["node_modules/", "build/", "public/build/", ".cache/", "data/", ".tmp/", "bench/results/", "app/lib/generated/"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    files: ["app/**/*.tsx"],
    plugins: { react, "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    settings: { react: { version: "18.3" } },
    languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs["jsx-runtime"].rules,
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      "react/prop-types": "off",
    },
  },
  // A domain table test may check a model against the words it is printed with (app/i18n).
  { files: ["app/domain/**"], ignores: ["**/*.test.ts"], rules: floorRule("domain") },
  { files: ["app/domain/**/*.test.ts"], rules: floorRule("i18n") },
  { files: ["app/i18n/**"], rules: floorRule("i18n") },
  { files: ["app/server/**"], rules: floorRule("server") },
  { files: ["app/db/**"], rules: floorRule("db") },
  { files: ["app/api/**"], rules: floorRule("api") },
  { files: ["app/api/**"], rules: noQueryBuilding },
  { files: ["app/lib/**"], rules: floorRule("lib") },
  { files: ["app/components/**"], ignores: ["**/*.server.ts"], rules: floorRule("components", noServerInComponents) },
  { files: ["app/routes/**", "app/root.tsx"], ignores: ["**/*.server.ts"], rules: floorRule("routes", serverOnlyValues) },
  prettier,
);

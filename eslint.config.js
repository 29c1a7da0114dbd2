// ESLint flat config: typescript-eslint "recommended" (no type information, so lint stays fast),
// React hooks rules, and import boundaries for the layered layout (app/domain, server/services, adapters, db).
// Formatting is Prettier's job: eslint-config-prettier comes last and switches off style rules.
import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import prettier from "eslint-config-prettier";
import boundaries from "eslint-plugin-boundaries";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// Paths below are taken from this file's folder, so editors that run ESLint from elsewhere agree with the CLI.
const root = import.meta.dirname;

// Layers, matched on the path from the repo root. Most specific first: a file takes the first match.
// Folders that do not exist yet are listed too, so the rules already hold when they appear.
const elements = [
  { type: "domain", pattern: "app/domain" },
  { type: "components", pattern: "app/components" },
  { type: "routes", pattern: "app/routes" },
  { type: "lib", pattern: "app/lib" },
  { type: "app", pattern: "app" }, // root.tsx, entry.*.tsx, routes.ts
  { type: "services", pattern: "server/services" },
  { type: "contract", pattern: "server/contract" },
  { type: "api", pattern: "server/api" },
  { type: "trpc", pattern: "server/trpc" },
  { type: "server", pattern: "server" }, // http, auth, mail, payments, adapters, app.ts ...
  { type: "db", pattern: "db" },
  { type: "scripts", pattern: "scripts" },
  { type: "tests", pattern: "tests" },
].map((element) => ({ ...element, partialMatch: false }));

const APP = ["domain", "components", "routes", "lib", "app"];
const SERVER = ["services", "contract", "api", "trpc", "server"];
const to = (...types) => ({ to: { element: { type: types } } });

// One policy list, read top to bottom: a later match overrides an earlier one; anything unmatched is allowed.
const boundaryPolicies = [
  // app/domain is pure: it may import only app/domain and npm packages (no other local file, no node: builtins,
  // since it also runs in the browser).
  {
    from: { element: { type: "domain" } },
    disallow: [{ to: { module: { origin: ["local", "core"] } } }],
    message: "app/domain may import only app/domain and npm packages",
  },
  { from: { element: { type: "domain" } }, allow: [to("domain")] },
  // ...but its tests run only under Node and may use node: builtins (e.g. to read source files).
  { from: { element: { type: "domain" }, file: { categories: "test" } }, allow: [{ to: { module: { origin: "core" } } }] },

  // Use cases never reach into the UI or an adapter.
  {
    from: { element: { type: "services" } },
    disallow: [to("components", "routes", "lib", "api", "trpc", "contract")],
    message: "server/services may not import app/components, app/routes, app/lib or an adapter (move shared rules to app/domain)",
  },

  // The browser bundle may see server code only as types.
  {
    from: { element: { type: APP } },
    disallow: [{ ...to(...SERVER), dependency: { kind: "value" } }],
    message: "app/ may import server/ only with `import type { X }` (an inline `{ type X }` still loads the module)",
  },
  // ...but tests of route modules run on the server and build its services.
  { from: { element: { type: APP }, file: { categories: "test" } }, allow: [to(...SERVER)] },

  // Adapters never import other adapters.
  {
    from: { element: { type: "api" } },
    disallow: [to("trpc")],
    message: "server/api may not import server/trpc (share through server/contract or server/services)",
  },
  {
    from: { element: { type: "trpc" } },
    disallow: [to("api")],
    message: "server/trpc may not import server/api (share through server/contract or server/services)",
  },
  {
    from: { element: { type: "routes" } },
    disallow: [to("api", "trpc")],
    message: "app/routes may not import server/api or server/trpc, not even types (the tRPC client type lives in app/lib)",
  },

  // The schema and seeds may use domain rules, nothing else from app/ and nothing from server/.
  {
    from: { element: { type: "db" } },
    disallow: [to("components", "routes", "lib", "app", ...SERVER)],
    message: "db/ may import app/domain but nothing else from app/, and nothing from server/",
  },
];

export default defineConfig(
  // Generated, local or static files (ESLint does not read .gitignore).
  globalIgnores([
    "build/",
    "build-*/",
    ".react-router/",
    "data/",
    "migrations/",
    "public/",
    "test-results/",
    "playwright-report/",
    "screenshots/",
  ]),

  js.configs.recommended,
  tseslint.configs.recommended,

  {
    files: ["**/*.{js,ts,tsx}"],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: "module",
      // Code here runs in Node (server, scripts, tests) or the browser (app); no-undef is off for TS anyway.
      globals: { ...globals.node, ...globals.browser },
    },
  },

  // Conventions the code already follows, so they are not reported as problems.
  {
    rules: {
      // A leading underscore marks a binding that is unused on purpose (Express error handlers, omitted fields).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
      // `declare global { namespace Express { ... } }` is how Express request types are augmented.
      "@typescript-eslint/no-namespace": ["error", { allowDeclarations: true }],
      // `interface AppLoadContext extends RequestContext {}` merges into react-router's own interface.
      "@typescript-eslint/no-empty-object-type": ["error", { allowInterfaces: "with-single-extends" }],
    },
  },

  // Hooks rules only where React code lives: the rules of hooks and their dependencies. (The plugin's
  // "recommended" set adds the React Compiler's checks, which this code is not written for and which take
  // most of the lint's time.)
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"], // test helpers such as useShopServices are not React hooks
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" },
  },

  // Zod 4 probes `new Function` unless told not to, which the CSP forbids: app/ takes z from the domain's wrapper.
  // React Router is used through its public API only: its UNSAFE_ exports are its insides, which change without
  // notice (docs/decisions/0055-back-to-the-frameworks.md).
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/domain/shared/zod.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "zod", message: 'import { z } from "~/domain/shared/zod" (CSP-safe, jitless)', allowTypeImports: false },
          ],
          patterns: [
            {
              group: ["react-router", "react-router/*", "react-dom", "react-dom/*", "react"],
              importNamePattern: "^UNSAFE_|^__",
              message: "Use the framework's public API (decision 55).",
            },
          ],
        },
      ],
    },
  },

  // Loaders get the request as it came (docs/decisions/0041-requests-passed-through.md): a client-side navigation's
  // request.url ends in .data. The page's address is the loader's `url` argument.
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}", "app/entry.server.tsx", "app/lib/guards.server.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[object.name='request'][property.name='url']",
          message: "Use the loader's or action's `url` argument: request.url may end in .data (decision 41).",
        },
      ],
    },
  },

  // Import boundaries. Imports are resolved (relative paths and the "~/" alias from tsconfig.json)
  // before the layer of the target is looked up.
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { boundaries },
    settings: {
      "boundaries/root-path": root,
      "boundaries/elements": elements,
      "boundaries/files": [{ category: "test", pattern: "**/*.test.{ts,tsx}" }],
      "import/resolver": {
        typescript: { project: `${root}/tsconfig.json`, alwaysTryTypes: true },
      },
    },
    rules: {
      "boundaries/dependencies": [
        "error",
        {
          default: "allow",
          checkAllOrigins: true, // needed to see node: builtins imported from app/domain
          checkUnknownLocals: true, // a local file outside every layer is still a local file
          policies: boundaryPolicies,
        },
      ],
    },
  },

  prettier,
);

import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

// Native modules stay outside the server bundle and are loaded from node_modules at run time.
const nativeModules = ["better-sqlite3", "@node-rs/argon2", "sharp"];

/**
 * Fewer first-load files (docs/decisions/0027-lean-pages.md): left alone, the bundler gave the home page 35 scripts,
 * most under 1 KB, each a request and a modulepreload tag. React and React Router load together, and the small
 * modules ten or more chunks share (money, dates, slugs, the card parts) become one file. Schemas, admin and tRPC
 * code (and the Zod wrapper, which would bring Zod along) stay out, so a page that does not use them does not load them;
 * so do the order rules, shared by the account and back-office pages but by no page a visitor lands on, and the form
 * parts (with the form library's helpers), which the checkout, returns and voucher pages use but a landing page does not, the Royal Mail rules
 * and the rules for delivery abroad (with the country names they read, about 10 KB).
 */
const firstLoadGroups = [
  { name: "framework", test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
  {
    name: "shared",
    test: (id: string) =>
      /[\\/]app[\\/](domain|lib|components)[\\/]/.test(id) &&
      !/schema|parse|admin|trpc|zod|[\\/]orders[\\/]|[\\/]forms\b|[\\/]shipping[\\/]|[\\/]international[\\/]/.test(id),
    minShareCount: 10,
  },
];

/**
 * React Router's package exports always name its development build, with warnings and checks on the server's hot
 * path and in the browser's framework file (upstream issue 14102). A production build takes the
 * production files it also ships (docs/decisions/0037-react-router-production-build.md); development and tests keep
 * the warnings.
 */
const reactRouterProduction = [
  { find: /^react-router$/, replacement: routerFile("index.mjs") },
  { find: /^react-router\/dom$/, replacement: routerFile("dom-export.mjs") },
];
function routerFile(name: string): string {
  return fileURLToPath(new URL(`node_modules/react-router/dist/production/${name}`, import.meta.url));
}

export default defineConfig(({ command, isSsrBuild }) => ({
  // The server bundle's entry is our Express app (server/app.ts), which embeds the React Router build.
  // BUILD_SOURCEMAP=1 writes the client's source maps beside its files, named by none of them (bench:first-load).
  build: isSsrBuild
    ? { rollupOptions: { input: "./server/main.ts" } }
    : {
        sourcemap: process.env.BUILD_SOURCEMAP === "1" ? "hidden" : false,
        rolldownOptions: { output: { codeSplitting: { groups: firstLoadGroups } } },
      },
  resolve: {
    tsconfigPaths: true,
    alias: command === "build" ? reactRouterProduction : [],
  },
  ssr: { external: nativeModules },
  optimizeDeps: { exclude: nativeModules },
  plugins: [tailwindcss(), reactRouter()],
}));

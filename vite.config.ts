import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// Native modules stay outside the server bundle and are loaded from node_modules at run time.
const nativeModules = ["better-sqlite3", "@node-rs/argon2", "sharp"];

export default defineConfig(({ isSsrBuild }) => ({
  // The server bundle's entry is our Express app (server/app.ts), which embeds the React Router build.
  build: isSsrBuild ? { rollupOptions: { input: "./server/main.ts" } } : {},
  resolve: { tsconfigPaths: true },
  ssr: { external: nativeModules },
  optimizeDeps: { exclude: nativeModules },
  plugins: [tailwindcss(), reactRouter()],
}));

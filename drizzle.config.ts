import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "sqlite",
  schema: "./db/schema/index.ts",
  out: "./migrations",
  dbCredentials: { url: process.env.DATABASE_PATH ?? "data/needledrop.db" },
  // FTS5 virtual tables come from hand-written SQL migrations; drizzle-kit must not touch them.
  tablesFilter: ["!*_fts", "!*_fts_*"],
});

/** The back office's catalogue under test: a seeded database, folders beside it, and the admin who acts. */
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import type { Db } from "../../db/client";
import { records, users } from "../../db/schema";
import type { Actor } from "../../app/domain/admin/audit";
import { seededTestDb, type TestDb } from "./test-db";

/**
 * One seeded database for a test file, made before its tests and removed after them, with an admin ("owner")
 * to act as. Media and kept import files go in folders beside the database, so they go with it.
 */
export function useCatalogueAdmin(): { t: TestDb; actor: Actor; mediaDir: string; importDir: string } {
  const admin = {} as { t: TestDb; actor: Actor; mediaDir: string; importDir: string };
  beforeAll(async () => {
    admin.t = await seededTestDb();
    admin.mediaDir = path.join(path.dirname(admin.t.file), "media");
    admin.importDir = path.join(path.dirname(admin.t.file), "imports");
    const owner = admin.t.db
      .insert(users)
      .values({ username: "owner", passwordHash: "x", email: "owner@example.com", role: "admin" })
      .returning()
      .get();
    admin.actor = { id: owner.id, username: "owner" };
  });
  afterAll(() => admin.t.cleanup());
  return admin;
}

/** A file as a form sends it. */
export const upload = (content: string | Uint8Array) => new File([content as BlobPart], "upload");

export const recordCount = (db: Db) =>
  db
    .select({ n: sql<number>`count(*)` })
    .from(records)
    .get()!.n;

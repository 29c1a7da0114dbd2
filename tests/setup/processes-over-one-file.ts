import { afterEach, beforeEach } from "vitest";
import { openDatabase, type Db } from "../../db/client";
import { migratedTestDb, type TestDb } from "./test-db";

/**
 * Server processes over one migrated SQLite file, for a test file: each `connect()` is another process's own
 * connection (closed after each test), and `clock` is the one time they all read, moved by the test by hand.
 */
export function processesOverOneFile() {
  let t: TestDb;
  let connections: Db[] = [];
  const processes = {
    clock: 0,
    get file(): string {
      return t.file;
    },
    now: (): number => processes.clock,
    connect(): Db {
      const db = openDatabase(t.file);
      connections.push(db);
      return db;
    },
  };
  beforeEach(() => {
    t = migratedTestDb();
    connections = [];
    processes.clock = 1_800_000_000_000;
  });
  afterEach(() => {
    for (const db of connections) db.$client.close();
    t.cleanup();
  });
  return processes;
}

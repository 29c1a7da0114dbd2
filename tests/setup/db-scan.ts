import type { Db } from "../../db/client";

/** The tables (with column) of every row anywhere in the database whose text contains `secret`. */
export function tablesHolding(db: Db, secret: string): string[] {
  const sqlite = db.$client;
  const tables = sqlite.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[];
  const found: string[] = [];
  for (const { name } of tables) {
    for (const row of sqlite.prepare(`select * from "${name.replace(/"/g, '""')}"`).all() as Record<string, unknown>[]) {
      for (const [column, value] of Object.entries(row)) {
        const text = Buffer.isBuffer(value) ? value.toString("latin1") : String(value);
        if (text.includes(secret)) found.push(`${name}.${column}`);
      }
    }
  }
  return found;
}

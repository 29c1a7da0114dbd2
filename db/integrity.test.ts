import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./client";
import { DamagedDatabaseError, openCheckedDatabase } from "./integrity";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "needledrop-integrity-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A small database with one table spread over many pages, checkpointed into its main file. */
function sampleDatabase(name: string): string {
  const file = path.join(dir, name);
  const db = new Database(file);
  db.exec("create table t (id integer primary key, body text not null); create index t_body on t (body)");
  const insert = db.prepare("insert into t (body) values (?)");
  db.transaction(() => {
    for (let i = 0; i < 2000; i++) insert.run(`row ${i} ${"x".repeat(100)}`);
  })();
  db.close();
  return file;
}

/** Overwrites one page in the middle of the file with noise, as a failing disk or a bad copy would. */
function corruptPage(file: string) {
  const size = fs.statSync(file).size;
  const pageSize = 4096;
  const page = Math.floor(size / pageSize / 2);
  const fd = fs.openSync(file, "r+");
  fs.writeSync(fd, Buffer.alloc(pageSize, 0x5a), 0, pageSize, page * pageSize);
  fs.closeSync(fd);
}

describe("the start-up database check", () => {
  it("opens a sound database", () => {
    const file = sampleDatabase("sound.db");
    const db = openCheckedDatabase(file, () => openDatabase(file));
    expect(db.$client.prepare("select count(*) as n from t").get()).toEqual({ n: 2000 });
    db.$client.close();
  });

  it("refuses a database with a damaged page, with one paragraph saying what to do", () => {
    const file = sampleDatabase("damaged.db");
    corruptPage(file);
    let closed = false;
    let caught: unknown;
    try {
      openCheckedDatabase(
        file,
        () => openDatabase(file),
        (db) => {
          closed = true;
          db.$client.close();
        },
      );
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DamagedDatabaseError);
    const message = (caught as Error).message;
    expect(message).toContain(`The database ${file} is damaged`);
    expect(message).toContain("npm run db:restore -- FILE");
    expect(message).not.toContain("\n");
    expect(closed).toBe(true);
  });

  it("refuses a file that is not a database at all", () => {
    const file = path.join(dir, "garbage.db");
    fs.writeFileSync(file, Buffer.alloc(8192, 0x41));
    expect(() => openCheckedDatabase(file, () => openDatabase(file))).toThrow(DamagedDatabaseError);
  });
});

import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "needledrop-cli-"));
const dbFile = path.join(dir, "cli.db");
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function run(...args: string[]) {
  const r = spawnSync(process.execPath, ["--import", "tsx", "scripts/user-create.ts", ...args], {
    env: { ...process.env, DATABASE_PATH: dbFile },
    encoding: "utf8",
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe("npm run user:create", () => {
  it("creates an admin, then refuses the same username with a clear message", () => {
    const first = run("--username", "root", "--email", "root@example.com", "--password", "s3cret-pass", "--admin");
    expect(first.err).toBe("");
    expect(first.code).toBe(0);
    expect(first.out).toContain('Created admin "root" <root@example.com>');
    const db = new Database(dbFile, { readonly: true });
    const row = db.prepare("select role, password_hash from users where username = 'root'").get() as {
      role: string;
      password_hash: string;
    };
    db.close();
    expect(row.role).toBe("admin");
    expect(row.password_hash).toMatch(/^\$argon2id\$/);

    const again = run("--username", "root", "--email", "other@example.com", "--password", "s3cret-pass");
    expect(again.code).toBe(1);
    expect(again.err).toContain('Could not create the account: The username "root" is already taken.');
  });

  it("explains its usage when arguments are missing or unknown", () => {
    expect(run("--username", "x").err).toContain("Usage: npm run user:create");
    const unknown = run("--nope");
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain("Usage:");
  });
});

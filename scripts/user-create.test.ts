import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "needledrop-cli-"));
const dbFile = path.join(dir, "cli.db");
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Runs the script with `stdin` piped in (not a terminal, so the password is its first line). */
function run(stdin: string, ...args: string[]) {
  const r = spawnSync(process.execPath, ["--import", "tsx", "scripts/user-create.ts", ...args], {
    env: { ...process.env, DATABASE_PATH: dbFile },
    encoding: "utf8",
    input: stdin,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

// Each run starts a Node process with tsx: seconds apiece on a busy machine.
describe("npm run user:create", { timeout: 120_000 }, () => {
  it("creates an admin, then refuses the same username with a clear message", () => {
    const first = run("s3cret-pass\n", "--username", "root", "--email", "root@example.com", "--admin");
    expect(first.err).toBe("");
    expect(first.code).toBe(0);
    expect(first.out).toContain('Created owner "root" <root@example.com>');
    const db = new Database(dbFile, { readonly: true });
    const row = db.prepare("select role, staff_role, password_hash from users where username = 'root'").get() as {
      role: string;
      staff_role: string;
      password_hash: string;
    };
    db.close();
    expect(row.role).toBe("admin");
    expect(row.staff_role).toBe("owner");
    expect(row.password_hash).toMatch(/^\$argon2id\$/);

    const again = run("s3cret-pass\n", "--username", "root", "--email", "other@example.com");
    expect(again.code).toBe(1);
    expect(again.err).toContain('Could not create the account: The username "root" is already taken.');
  });

  it("makes a member of staff with --role, and refuses a role that does not exist", () => {
    const made = run("s3cret-pass\n", "--username", "sat-packer", "--email", "packer@example.com", "--role", "packer");
    expect(made.code).toBe(0);
    expect(made.out).toContain('Created packer "sat-packer"');
    const db = new Database(dbFile, { readonly: true });
    const row = db.prepare("select role, staff_role from users where username = 'sat-packer'").get();
    db.close();
    expect(row).toEqual({ role: "admin", staff_role: "packer" });

    const wrong = run("s3cret-pass\n", "--username", "chief", "--email", "chief@example.com", "--role", "chief");
    expect(wrong.code).toBe(1);
    expect(wrong.err).toContain('Unknown role "chief"');
  });

  it("takes the password from stdin's first line only, and checks it like sign-up does", () => {
    const made = run("another-pass\nignored\n", "--username", "piped", "--email", "piped@example.com");
    expect(made.code).toBe(0);
    const db = new Database(dbFile, { readonly: true });
    const row = db.prepare("select password_hash from users where username = 'piped'").get() as { password_hash: string };
    db.close();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(made.out).not.toContain("another-pass");

    const empty = run("", "--username", "nopass", "--email", "nopass@example.com");
    expect(empty.code).toBe(1);
    expect(empty.err).toContain("No password given.");
  });

  it("refuses a password on the command line, where history and process lists would keep it", () => {
    for (const flag of [["--password", "s3cret-pass"], ["--password=s3cret-pass"]]) {
      const r = run("", "--username", "argv", "--email", "argv@example.com", ...flag);
      expect(r.code).toBe(1);
      expect(r.err).toContain("Passwords are not taken on the command line");
    }
  });

  it("explains its usage when arguments are missing or unknown", () => {
    expect(run("", "--username", "x").err).toContain("Usage: npm run user:create");
    const unknown = run("", "--nope");
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain("Usage:");
  });
});

import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createSecretBox, loadSecretKey, parseSecretKey, secretKeyFileFor } from "./secret-box";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe("the secret box", () => {
  const box = createSecretBox(crypto.randomBytes(32));
  const plain = new TextEncoder().encode("JBSWY3DPEHPK3PXP-a-secret");

  it("opens what it sealed, and each sealing looks different", () => {
    const a = box.seal(plain, "totp:1");
    const b = box.seal(plain, "totp:1");
    expect(a).not.toBe(b);
    expect(box.open(a, "totp:1")).toEqual(plain);
    expect(a).not.toContain("JBSWY3DP");
  });

  it("refuses another purpose, another key and a changed value", () => {
    const sealed = box.seal(plain, "totp:1");
    expect(box.open(sealed, "totp:2")).toBeNull();
    expect(createSecretBox(crypto.randomBytes(32)).open(sealed, "totp:1")).toBeNull();
    const flipped = sealed.slice(0, -2) + (sealed.endsWith("A") ? "B" : "A") + sealed.slice(-1);
    expect(box.open(flipped, "totp:1")).toBeNull();
    expect(box.open("nonsense", "totp:1")).toBeNull();
  });
});

describe("the shop's key", () => {
  it("reads 32 bytes as hex or base64 and nothing else", () => {
    const key = crypto.randomBytes(32);
    expect(parseSecretKey(key.toString("hex"))).toEqual(new Uint8Array(key));
    expect(parseSecretKey(key.toString("base64"))).toEqual(new Uint8Array(key));
    expect(parseSecretKey(key.toString("base64url"))).toEqual(new Uint8Array(key));
    expect(parseSecretKey("abc")).toBeNull();
    expect(parseSecretKey(crypto.randomBytes(16).toString("hex"))).toBeNull();
    expect(() => loadSecretKey({ envValue: "too-short", databaseFile: "x.db" })).toThrow(/SECRET_KEY/);
  });

  it("without SECRET_KEY, is made once beside the database with mode 0600 and read back after", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "needledrop-key-"));
    dirs.push(dir);
    const databaseFile = path.join(dir, "shop.db");
    const first = loadSecretKey({ databaseFile });
    const file = secretKeyFileFor(databaseFile);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadSecretKey({ databaseFile })).toEqual(first);
  });
});

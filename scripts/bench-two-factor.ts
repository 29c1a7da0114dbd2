// What a second factor adds to signing in: npx tsx scripts/bench-two-factor.ts [-- --n 200]
// Times N sign-ins through the services on a temporary database, as the /auth and /api/login adapters make them:
// without a second factor (password check, new session), and with one (password check, pending session, the code
// checked and spent, a new session past the step). Prints the median and p95 of each and the difference.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../db/client";
import { runMigrations } from "../db/migrate";
import { createServices } from "../server/services";
import { codeForStep, parseSecretText, stepAt } from "../app/domain/two-factor/totp";
import { cliArgs } from "./args";

const n = Number(cliArgs({ n: { type: "string" } }).n ?? 200);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "needledrop-bench-2fa-"));
const db = openDatabase(path.join(dir, "bench.db"));
runMigrations(db);
const s = createServices(db, { mediaDir: dir, mailTransport: { send: async () => {} }, rateLimitFactor: 1000 });
const password = "bench-password-1";
const clientIp = "127.0.0.1";

const plain: string[] = [];
const withTotp: { username: string; id: number; key: Uint8Array }[] = [];
for (let i = 0; i < n; i++) {
  plain.push((await s.accounts.register({ username: `plain${i}`, email: `plain${i}@example.com`, password })).username);
  const user = await s.accounts.register({ username: `totp${i}`, email: `totp${i}@example.com`, password });
  const { secret } = s.twoFactor.newSecret(user.username);
  const key = parseSecretText(secret)!;
  s.twoFactor.enable({ id: user.id, clientIp }, { secret, code: codeForStep(key, stepAt(Date.now())) });
  withTotp.push({ username: user.username, id: user.id, key });
}

const ms = (t: bigint) => Number(t) / 1e6;
const stats = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return { p50: sorted[Math.floor(sorted.length / 2)]!, p95: sorted[Math.floor(sorted.length * 0.95)]! };
};

const without: number[] = [];
const total: number[] = [];
const stepOnly: number[] = [];
for (let i = 0; i < n; i++) {
  let t0 = process.hrtime.bigint();
  const u = await s.accounts.login({ username: plain[i]!, password, clientIp });
  s.sessions.create(u.id, { ipAddress: clientIp });
  without.push(ms(process.hrtime.bigint() - t0));

  const p = withTotp[i]!;
  t0 = process.hrtime.bigint();
  const v = await s.accounts.login({ username: p.username, password, clientIp });
  const pending = s.sessions.create(v.id, { ipAddress: clientIp });
  const t1 = process.hrtime.bigint();
  // The code the app shows next (the set-up spent this step's).
  s.twoFactor.completeSignIn({ id: p.id, clientIp }, { kind: "totp", code: codeForStep(p.key, stepAt(Date.now()) + 1) });
  s.sessions.invalidate(pending.sessionId);
  s.sessions.create(v.id, { ipAddress: clientIp, twoFactorVerified: true });
  const t2 = process.hrtime.bigint();
  total.push(ms(t2 - t0));
  stepOnly.push(ms(t2 - t1));
}

const a = stats(without);
const b = stats(total);
const c = stats(stepOnly);
const f = (x: number) => x.toFixed(2).padStart(7);
console.log(`${n} sign-ins each (argon2id password check included in both)`);
console.log(`                          p50 ms   p95 ms`);
console.log(`password only            ${f(a.p50)}  ${f(a.p95)}`);
console.log(`password + TOTP step     ${f(b.p50)}  ${f(b.p95)}`);
console.log(`  of which the TOTP step ${f(c.p50)}  ${f(c.p95)}`);
console.log(
  `added by the second factor (p50): ${(b.p50 - a.p50).toFixed(2)} ms, server time only (the person's typing is not counted)`,
);
db.$client.close();
fs.rmSync(dir, { recursive: true, force: true });

// A signed-in owner for the benchmarks that use back-office pages: registered through the API, made an admin in the
// database, signed in, then given a second factor at /profile/two-factor (owners must have one before any
// back-office page), as a browser without JavaScript would. Returns the session's Cookie header.
import Database from "better-sqlite3";
import { codeForStep, parseSecretText, stepAt } from "../app/domain/two-factor/totp";

/** The cookies a response set, as one Cookie header (name=value pairs only). */
const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

async function expectStatus(response: Response, ok: (status: number) => boolean, what: string): Promise<void> {
  if (!ok(response.status)) throw new Error(`${what}: answered ${response.status} ${(await response.text()).slice(0, 300)}`);
}

export async function signInOwner(base: string, databaseFile: string): Promise<string> {
  const origin = { Origin: base };
  const username = `benchadmin${Date.now()}`;
  const password = "bench-secret-1";
  const json = { ...origin, "Content-Type": "application/json" };
  const reg = await fetch(`${base}/api/register`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ username, email: `${username}@example.com`, password }),
  });
  await expectStatus(reg, (s) => s >= 200 && s < 300, "register");
  const db = new Database(databaseFile);
  try {
    db.pragma("busy_timeout = 5000");
    db.prepare("update users set role = 'admin' where username = ?").run(username);
  } finally {
    db.close();
  }
  const login = await fetch(`${base}/api/login`, { method: "POST", headers: json, body: JSON.stringify({ username, password }) });
  await expectStatus(login, (s) => s >= 200 && s < 300, "login");
  const signedIn = cookiesOf(login);

  const setUp = await fetch(`${base}/profile/two-factor`, { headers: { Cookie: signedIn } });
  await expectStatus(setUp, (s) => s === 200, "the two-factor set-up page");
  const secret = /data-testid="two-factor-secret"[^>]*>([A-Z2-7 ]+)</.exec(await setUp.text())?.[1]?.trim();
  const key = parseSecretText(secret);
  if (!secret || !key) throw new Error("the two-factor set-up page showed no key");
  const enabled = await fetch(`${base}/profile/two-factor`, {
    method: "POST",
    headers: { ...origin, Cookie: signedIn, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "enable", secret, code: codeForStep(key, stepAt(Date.now())) }),
    redirect: "manual",
  });
  await expectStatus(enabled, (s) => s === 200, "turning two-factor sign-in on");
  // Turning it on renews the session: the new cookie replaces the old one.
  return cookiesOf(enabled) || signedIn;
}

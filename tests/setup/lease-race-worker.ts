/**
 * One of several processes trying to take one lease at the same moment, each on its own connection to one SQLite
 * file (server/lease.test.ts). Arguments: database file, holder name. Says "ready", reads "go <instant>" from
 * stdin, waits for that instant, tries to take the lease 50 times a millisecond apart (never giving it up), and
 * prints { won, tries } as one line of JSON: `won` counts the tries that found it held by this process.
 */
import { createInterface } from "node:readline";
import { openDatabase } from "../../db/client";
import { createLease } from "../../server/lease";

const TRIES = 50;
const [file, holder] = process.argv.slice(2);
const db = openDatabase(file!);
const lease = createLease(db, { name: "background-jobs", holder: holder!, ttlMs: 60_000 });

const lines = createInterface({ input: process.stdin });
process.stdout.write("ready\n");
const line = await new Promise<string>((resolve) => lines.once("line", resolve));
lines.close();
const start = Number(line.split(" ")[1] ?? Date.now());
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
await pause(start - Date.now());
let won = 0;
let tries = 0;
for (; tries < TRIES; tries++) {
  // Once it has won, a racer keeps the lease (60 s) and only watches: the others go on trying to take it.
  if (won > 0 ? lease.held() : lease.take()) won += 1;
  // A short pause between tries, so that three racers on two cores all get their turns.
  await pause(1);
}
db.$client.close();
process.stdout.write(JSON.stringify({ won, tries }) + "\n");

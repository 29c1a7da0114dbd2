/**
 * One of two processes delivering the same records at the same moment, each on its own connection to one
 * SQLite file (server/services/wants.concurrency.test.ts): every record waits at 0 with a confirmed want.
 * Arguments: database file, JSON { worker, admin, recordIds }. Says "ready", starts on a line from stdin,
 * and prints { startedAt, finishedAt, errors } as one line of JSON.
 */
import { createInterface } from "node:readline";
import { openDatabase } from "../../db/client";
import { createServices } from "../../server/services";

const [file, raw] = process.argv.slice(2);
const plan = JSON.parse(raw!) as { worker: number; admin: { id: number; username: string }; recordIds: number[] };
const db = openDatabase(file!);
const services = createServices(db, { mediaDir: "", mailTransport: { send: async () => {} }, rateLimitFactor: 1000 });
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

const lines = createInterface({ input: process.stdin });
process.stdout.write("ready\n");
await new Promise((resolve) => lines.once("line", resolve));
lines.close();
const done = { startedAt: Date.now(), finishedAt: 0, errors: [] as string[] };
// Each process delivers every record, in its own order, one goods-in each, so deliveries of one record overlap.
const order = plan.worker % 2 === 0 ? plan.recordIds : [...plan.recordIds].reverse();
for (const recordId of order) {
  try {
    services.adminStock.goodsIn(plan.admin, { lines: [{ recordId, quantity: 1 + plan.worker }], note: `racer ${plan.worker}` });
  } catch (error) {
    done.errors.push(String(error));
  }
  await pause(Math.random());
}
done.finishedAt = Date.now();
await new Promise((resolve) => setImmediate(resolve));
await services.mail.idle();
db.$client.close();
process.stdout.write(JSON.stringify(done) + "\n");

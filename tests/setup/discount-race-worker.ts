/**
 * One of several processes racing on one SQLite file (server/services/discounts.concurrency.test.ts): from a
 * common start time it checks out its share of orders, each by its own shopper and each with the same discount
 * code, on its own connection, and prints what it did as one line of JSON.
 * Arguments: database file, JSON { worker, code, recordId, buyers }. It says "ready" once set up, and starts on a line from stdin.
 */
import { createInterface } from "node:readline";
import { openDatabase } from "../../db/client";
import { ConflictError, ValidationError } from "../../app/domain/shared/errors";
import { createServices } from "../../server/services";

const [file, raw] = process.argv.slice(2);
const plan = JSON.parse(raw!) as { worker: number; code: string; recordId: number; buyers: number };
const db = openDatabase(file!);
const services = createServices(db, { mediaDir: "", mailTransport: { send: async () => {} }, rateLimitFactor: 1000 });
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

const done = {
  withCode: [] as { orderNumber: string; discountPence: number }[],
  refused: [] as string[],
  errors: [] as string[],
  startedAt: 0,
  finishedAt: 0,
};
const lines = createInterface({ input: process.stdin });
process.stdout.write("ready\n");
const go = await new Promise<string>((resolve) => lines.once("line", resolve));
lines.close();
const startAt = Number(go.split(" ")[1]);
if (Number.isFinite(startAt)) await pause(startAt - Date.now());
done.startedAt = Date.now();
for (let i = 0; i < plan.buyers; i++) {
  try {
    const { order } = services.orders.place({
      idempotencyKey: `discount-race-${plan.worker}-${i}-abcdefgh`,
      lines: [{ recordId: plan.recordId, quantity: 1 }],
      discountCode: plan.code,
      email: `racer${plan.worker}x${i}@example.com`,
      shipping: { name: "Racer", addressLine1: "1 Track", city: "Leeds", postalCode: "LS1 4DY", country: "United Kingdom" },
      userId: null,
      paymentProvider: "test",
      today: "2026-11-22",
    });
    services.orders.markPaid(order.orderNumber, { reference: `discount-race-${plan.worker}-${i}` });
    done.withCode.push({ orderNumber: order.orderNumber, discountPence: order.totals.discountPence });
  } catch (error) {
    // Refused either way: the advisory check saw the code used, or the conditional update found it taken.
    if (error instanceof ConflictError || error instanceof ValidationError) done.refused.push(error.message);
    else done.errors.push(String(error));
  }
  if (i % 2 === 0) await pause(Math.random() * 2);
}
done.finishedAt = Date.now();
await services.mail.idle();
db.$client.close();
process.stdout.write(JSON.stringify(done) + "\n");

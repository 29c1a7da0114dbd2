/**
 * One of several processes racing on one SQLite file (server/services/admin-stock.concurrency.test.ts): from
 * a common start time it runs its share of checkouts and stock adjustments against the same records, each
 * on its own connection, and prints what it did as one line of JSON.
 * Arguments: database file, JSON { worker, admin, ops }. It says "ready" once set up, and starts on a line from stdin.
 */
import { createInterface } from "node:readline";
import { openDatabase } from "../../db/client";
import { ConflictError, OutOfStockError } from "../../app/domain/shared/errors";
import { createServices } from "../../server/services";

const [file, raw] = process.argv.slice(2);
const plan = JSON.parse(raw!) as {
  worker: number;
  admin: { id: number; username: string };
  ops: ({ kind: "checkout"; recordId: number; quantity: number } | { kind: "adjust"; recordId: number; change: number })[];
};
const db = openDatabase(file!);
const services = createServices(db, { mediaDir: "", mailTransport: { send: async () => {} }, rateLimitFactor: 1000 });
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

const done = {
  sold: {} as Record<number, number>,
  adjusted: {} as Record<number, number>,
  refused: 0,
  errors: [] as string[],
  startedAt: 0,
  finishedAt: 0,
};
// Every process starts together, once all of them are set up.
const lines = createInterface({ input: process.stdin });
process.stdout.write("ready\n");
const go = await new Promise<string>((resolve) => lines.once("line", resolve));
lines.close();
// "go <instant>": wait for the common start, however late this process read its line.
const startAt = Number(go.split(" ")[1]);
if (Number.isFinite(startAt)) await pause(startAt - Date.now());
done.startedAt = Date.now();
for (const [i, op] of plan.ops.entries()) {
  try {
    if (op.kind === "checkout") {
      const { order } = services.orders.place({
        idempotencyKey: `race-${plan.worker}-${i}`,
        lines: [{ recordId: op.recordId, quantity: op.quantity }],
        discountCode: null,
        email: `racer${plan.worker}x${i}@example.com`,
        shipping: { name: "Racer", addressLine1: "1 Track", city: "Leeds", postalCode: "LS1 4DY", country: "United Kingdom" },
        userId: null,
        paymentProvider: "test",
        today: "2026-11-22",
      });
      services.orders.markPaid(order.orderNumber, { reference: `race-${plan.worker}-${i}` });
      done.sold[op.recordId] = (done.sold[op.recordId] ?? 0) + op.quantity;
    } else {
      const reason = op.change > 0 ? "delivery" : "damaged";
      services.adminStock.adjust(plan.admin, op.recordId, { reason, change: op.change });
      done.adjusted[op.recordId] = (done.adjusted[op.recordId] ?? 0) + op.change;
    }
  } catch (error) {
    if (error instanceof OutOfStockError || error instanceof ConflictError) done.refused += 1;
    else done.errors.push(String(error));
  }
  // Yield now and then so the processes' transactions interleave rather than run in blocks.
  if (i % 3 === 0) await pause(Math.random() * 2);
}
done.finishedAt = Date.now();
await services.mail.idle();
db.$client.close();
process.stdout.write(JSON.stringify(done) + "\n");

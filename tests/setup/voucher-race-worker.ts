/**
 * One of several processes racing on one SQLite file (server/services/order-vouchers.concurrency.test.ts): from a
 * common start time it checks out its share of orders, each by its own shopper and each paid wholly with the same
 * gift voucher (no card), on its own connection, and prints what it did as one line of JSON.
 * Arguments: database file, JSON { worker, code, recordId, buyers, totalPence }. It says "ready" once set up, and
 * starts on a line from stdin.
 */
import { createInterface } from "node:readline";
import { openDatabase } from "../../db/client";
import { ConflictError, ValidationError } from "../../app/domain/shared/errors";
import { createServices } from "../../server/services";

const [file, raw] = process.argv.slice(2);
const plan = JSON.parse(raw!) as { worker: number; code: string; recordId: number; buyers: number; totalPence: number };
const db = openDatabase(file!);
const services = createServices(db, { mediaDir: "", mailTransport: { send: async () => {} }, rateLimitFactor: 1000 });
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

const done = {
  paid: [] as { orderNumber: string; voucherPence: number; amountDuePence: number; status: string }[],
  refused: [] as { status: number; message: string }[],
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
    // As the checkout page sends it: the total and the card's part (nothing) that the Pay button showed.
    const out = await services.checkout.placeOrder(
      {
        idempotencyKey: `voucher-race-${plan.worker}-${i}-abcdefgh`,
        lines: [{ recordId: plan.recordId, quantity: 1 }],
        discountCode: null,
        voucherCodes: [plan.code],
        email: `racer${plan.worker}x${i}@example.com`,
        name: "Racer",
        addressLine1: "1 Track",
        addressLine2: "",
        city: "Leeds",
        postalCode: "LS1 4DY",
        country: "United Kingdom",
        expectedTotalPence: plan.totalPence,
        expectedAmountDuePence: 0,
      },
      { userId: null, today: "2026-11-22", origin: "http://localhost" },
    );
    done.paid.push({
      orderNumber: out.order.orderNumber,
      voucherPence: out.order.totals.voucherPence,
      amountDuePence: out.order.totals.amountDuePence,
      status: out.order.status,
    });
  } catch (error) {
    // Refused as the API would answer: 409 (the voucher no longer covers it) or 400 (spent in full).
    if (error instanceof ConflictError) done.refused.push({ status: 409, message: error.message });
    else if (error instanceof ValidationError) done.refused.push({ status: 400, message: error.message });
    else done.errors.push(String(error));
  }
  if (i % 2 === 0) await pause(Math.random() * 2);
}
done.finishedAt = Date.now();
await services.mail.idle();
db.$client.close();
process.stdout.write(JSON.stringify(done) + "\n");

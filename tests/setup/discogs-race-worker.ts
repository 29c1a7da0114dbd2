/**
 * One side of the "never sold twice" race (server/services/discogs-orders.concurrency.test.ts): the shop's checkout
 * (the orders service, as a shopper's order is placed and paid) or a Discogs order taken in by the poll, each round
 * on the same used copy at the same instant as the other process. Prints each round's outcome as one line of JSON.
 * Arguments: database file, JSON { side, roundMs, rounds: [{ recordId, listingId }] }. Says "ready", then waits for
 * "go <instant>" on stdin: round i starts at that instant plus i × roundMs, in both processes alike.
 */
import { createInterface } from "node:readline";
import { openDatabase } from "../../db/client";
import { OutOfStockError } from "../../app/domain/shared/errors";
import { createServices } from "../../server/services";
import { takeDiscogsOrder } from "../../server/services/discogs-orders";

type Outcome = "sold" | "refused" | "taken" | "oversold" | "error";
const [file, raw] = process.argv.slice(2);
const plan = JSON.parse(raw!) as { side: "shop" | "discogs"; roundMs: number; rounds: { recordId: number; listingId: number }[] };
const db = openDatabase(file!);
const services = createServices(db, { mediaDir: "", mailTransport: { send: async () => {} }, rateLimitFactor: 1000 });
const pause = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

const lines = createInterface({ input: process.stdin });
process.stdout.write("ready\n");
const go = await new Promise<string>((resolve) => lines.once("line", resolve));
lines.close();
const startAt = Number(go.split(" ")[1]);

const outcomes: Outcome[] = [];
const errors: string[] = [];
for (const [i, round] of plan.rounds.entries()) {
  await pause(startAt + i * plan.roundMs - Date.now());
  try {
    if (plan.side === "shop") {
      const { order } = services.orders.place({
        idempotencyKey: `discogs-race-${i}`,
        lines: [{ recordId: round.recordId, quantity: 1 }],
        discountCode: null,
        email: `racer${i}@example.com`,
        shipping: { name: "Racer", addressLine1: "1 Track", city: "Leeds", postalCode: "LS1 4DY", country: "United Kingdom" },
        userId: null,
        paymentProvider: "test",
        today: "2026-11-22",
      });
      services.orders.markPaid(order.orderNumber, { reference: `race-${i}` });
      outcomes.push("sold");
    } else {
      const outcome = takeDiscogsOrder(db, {
        id: `race-${i}`,
        status: "New Order",
        createdAt: new Date().toISOString(),
        buyer: "racer",
        shippingAddress: "Racer\n1 Track\nLeeds\nLS1 4DY\nUnited Kingdom",
        totalPence: 2500,
        items: [{ listingId: round.listingId, releaseId: 249504, pricePence: 2500, externalId: null }],
      });
      outcomes.push(outcome === "taken" || outcome === "oversold" ? outcome : "error");
    }
  } catch (error) {
    if (error instanceof OutOfStockError) outcomes.push("refused");
    else {
      outcomes.push("error");
      errors.push(String(error));
    }
  }
}
await services.mail.idle();
db.$client.close();
process.stdout.write(JSON.stringify({ outcomes, errors }) + "\n");

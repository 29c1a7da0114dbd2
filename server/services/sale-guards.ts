/**
 * Rules a sale must pass beyond stock and price, checked inside the order transaction (orders.ts place()):
 * a limited record's on-sale time and per-customer limit (limited-sales.ts), a drop's holds (drop-holds.ts), and
 * how a pre-order is charged (pre-order-charges.ts). Each is a guard the services' wiring hands to the orders
 * service, so the placing transaction stays one readable sequence and each rule stays in its own file.
 */
import type { Db } from "../../db/client";
import type { NewOrderRow, OrderRow } from "../../db/schema";
import type { CartLine } from "../../app/domain/cart/cart";
import type { SellableRecord } from "./cart";

/** Where an order came in: the checkout page, the REST API or tRPC (for the back office's refusals list). */
export type OrderChannel = "checkout" | "api" | "trpc";

/** One line of the order being placed, with the record as the transaction read it. */
export interface GuardedLine {
  line: CartLine;
  record: SellableRecord;
  preOrder: boolean;
}

/** What a guard is told about the order being placed. */
export interface SaleContext {
  db: Db;
  /** The shop's clock now (db/clock.ts), so tests move time instead of waiting. */
  now: Date;
  today: string;
  lines: readonly GuardedLine[];
  userId: number | null;
  /** As typed (trimmed, lower-cased); the guard folds it further as its rule needs. */
  email: string;
  shipping: { addressLine1: string; postalCode: string; countryCode: string };
  /** The card that will pay, as a key the limit can compare (a hash; never the number), when known up front. */
  cardKey: string | null;
  /** The hash of the browser's waiting-room token (drops), when it has one. */
  dropSessionKey: string | null;
  channel: OrderChannel;
}

export interface SaleGuard {
  /** Before any stock is taken: throw a ShopError (ValidationError, ConflictError, …) to refuse the order. */
  check?(ctx: SaleContext): void;
  /** Columns this guard sets on the new order row. */
  orderValues?(ctx: SaleContext): Partial<NewOrderRow>;
  /** After the order and its lines are written, in the same transaction. */
  placed?(ctx: SaleContext, order: OrderRow): void;
  /**
   * After a refusal rolled the transaction back (whichever guard or rule threw it): writes what must outlive it,
   * such as the back office's record of a refused attempt.
   */
  refused?(error: unknown): void;
}

import { z } from "~/domain/shared/zod";
import { ORDER_STATUSES } from "./order-status";

export const orderStatusSchema = z.enum(ORDER_STATUSES);

/** "ND-" and 8 base32 characters (see newOrderNumber in the orders service). */
export const orderNumberSchema = z.string().regex(/^ND-[A-Z2-7]{8}$/, "not an order number");

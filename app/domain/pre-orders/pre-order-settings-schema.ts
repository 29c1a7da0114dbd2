import { z } from "../shared/zod";
import { PRE_ORDER_CHARGES } from "./pre-order-charge";

/** The back office's shop-wide choice: pre-orders charged at order time or at dispatch. */
export const preOrderChargeSettingSchema = z.object({
  preOrderCharge: z.enum(PRE_ORDER_CHARGES, { error: "Please choose when pre-orders are charged." }),
});

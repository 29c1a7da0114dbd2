import { staffHandle } from "~/domain/staff/staff-handle";

/**
 * Who may do what with a return (docs/decisions/0075): anyone who may see orders sees the queue and prints labels;
 * deciding and receiving parcels is the dispatch bench's work, inspecting moves stock, and paying out needs the
 * refund permission.
 */
export const handle = staffHandle("orders.view", {
  intents: {
    approve: "orders.dispatch",
    refuse: "orders.dispatch",
    receive: "orders.dispatch",
    inspect: "stock.manage",
    refund: "orders.refund",
  },
});

import { redirect } from "react-router";

// Spec §2: /pre-order is an old address of the pre-orders list.
export function loader() {
  return redirect("/pre-orders", 301);
}

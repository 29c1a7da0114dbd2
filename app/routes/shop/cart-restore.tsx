import { redirect } from "react-router";
import { MAX_CART_LINES } from "~/domain/cart/cart";
import { cartCookie, readCart } from "~/domain/cart/cart-cookie";
import { INVALID_REMINDER_LINK } from "~/domain/cart/cart-reminder";
import { toastHeader } from "~/lib/toast.server";
import type { Route } from "./+types/cart-restore";

/**
 * The cart reminder's link (/cart/restore?token=…): brings the reminded cart back into this browser, on any
 * device and after cookies were cleared, then shows the cart. Records already in the cart keep their quantity;
 * the reminded ones are added beside them. The token only restores contents (record ids and quantities): it
 * shows no address and places nothing.
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token");
  const lines = context.services.cartReminders.restore(token);
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (!lines) {
    headers.append(
      "Set-Cookie",
      await toastHeader({ type: "error", title: "Link not valid", description: INVALID_REMINDER_LINK }),
    );
    return redirect("/cart", { headers });
  }
  const { value: cart } = readCart(request.headers.get("Cookie"), context.auth.secure);
  const missing = lines.filter((l) => !cart.lines.some((c) => c.recordId === l.recordId));
  const restored = { ...cart, lines: [...cart.lines, ...missing].slice(0, MAX_CART_LINES) };
  headers.append("Set-Cookie", cartCookie(restored, context.auth.secure));
  headers.append("Set-Cookie", await toastHeader({ type: "success", title: "Your cart is back" }));
  return redirect("/cart", { headers });
}

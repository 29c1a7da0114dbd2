/**
 * The shopper's return pages' server side: who is asking (the signed-in customer and the browser's return grants),
 * a refused look-up or link answered without a 500, and the request form's post (multipart, photos included).
 */
import { data, redirect, type AppLoadContext } from "react-router";
import { returnLookupSchema, returnRequestSchema } from "~/domain/returns/return-schemas";
import { NotFoundError } from "~/domain/shared/errors";
import { answerForm, intent, UNREADABLE_FORM } from "~/lib/forms/form-action.server";
import type { FormReply } from "~/lib/forms/form-reply";

const cookieOf = (request: Request) => request.headers.get("Cookie");

export function viewerOf(context: AppLoadContext, request: Request) {
  return { userId: context.user?.id ?? null, grants: context.services.returnGrants.of(cookieOf(request)) };
}

/** Runs `read`; a NotFoundError (another customer's order, a number that does not exist) becomes the page's 404. */
export function orNotFound<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof NotFoundError) throw data(null, { status: 404 });
    throw error;
  }
}

const formPage = (orderNumber: string) => `/returns/new?${new URLSearchParams({ order: orderNumber })}`;

/**
 * Grants this browser the order's return form for two hours and sends it there (303). No toast: the page it lands on
 * names the order, and a floating toast would sit over its heading on a phone.
 */
function openForm(context: AppLoadContext, request: Request, orderNumber: string) {
  const grant = context.services.returnGrants.grantOrder(cookieOf(request), orderNumber, context.auth.secure);
  return redirect(formPage(orderNumber), { status: 303, headers: { "Set-Cookie": grant } });
}

/** /returns: a guest's order number and e-mail, counted against the address like every guest look-up. */
export function lookUp(context: AppLoadContext, request: Request) {
  return intent(returnLookupSchema, ({ orderNumber, email }) => {
    context.services.rateLimits.takeForAddress("returnLookupsPerAddress", context.clientIp);
    const found = context.services.returns.findForGuest(orderNumber, email);
    return openForm(context, request, found);
  });
}

export const USED_LINK =
  "This return link has been used already, or is not valid. Find your order with its number and e-mail address instead.";

/** /returns/start: the dispatch mail's single-use link, used by pressing the page's button (a POST). */
export async function openFromLink(context: AppLoadContext, request: Request) {
  let token: FormDataEntryValue | null = null;
  try {
    token = (await request.formData()).get("token");
  } catch {
    // Not a form: the same answer as a bad token.
  }
  const orderNumber = context.services.returns.useToken(typeof token === "string" ? token : null);
  if (!orderNumber) return data({ error: USED_LINK }, { status: 410 });
  return openForm(context, request, orderNumber);
}

/** /returns/new: the request, photos and all; sent → the return's page, which this browser may see from now on. */
export async function sendRequest(context: AppLoadContext, request: Request) {
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return data<FormReply>({ intent: null, result: { status: "error", error: { "": [UNREADABLE_FORM] } } }, { status: 400 });
  }
  const photos = formData.getAll("photos").filter((v): v is File => v instanceof File);
  return answerForm(formData, {
    default: intent(returnRequestSchema, async (value) => {
      const viewer = viewerOf(context, request);
      const { returnNumber } = await context.services.returns.requestReturn(viewer, value, photos, context.today);
      const grant = context.services.returnGrants.grantReturn(cookieOf(request), returnNumber, context.auth.secure);
      // The return's page says it all (number, status, what next): no toast over its heading.
      return redirect(`/returns/${returnNumber}`, { status: 303, headers: { "Set-Cookie": grant } });
    }),
  });
}

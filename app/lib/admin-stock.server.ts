import { data } from "react-router";
import { formFailureOf } from "~/domain/shared/errors";
import { safeRedirect } from "~/domain/shared/safe-redirect";
import { STOCK_PATH } from "~/domain/stock/stock-rules";
import { redirectWithToast } from "~/lib/toast.server";

/** Where a stock form returns to: the page it came from (its filters kept), if it is a stock page. */
export function stockReturnPath(formData: FormData, fallback: string = STOCK_PATH): string {
  const to = safeRedirect(formData.get("back"), fallback);
  return to === STOCK_PATH || to.startsWith(`${STOCK_PATH}/`) || to.startsWith(`${STOCK_PATH}?`) ? to : fallback;
}

/**
 * Runs one stock change for an action: on success a 303 back with a toast; a domain refusal becomes a 400 or
 * 409 with its message (and the record it was about); anything else is a bug and is re-thrown.
 */
export async function stockChange(
  back: string,
  run: () => { title: string; description?: string },
  about: { intent: string; recordId?: number; text?: string } = { intent: "" },
) {
  try {
    const { title, description } = run();
    return await redirectWithToast(back, { type: "success", title, description });
  } catch (error) {
    const failure = formFailureOf(error);
    if (!failure) throw error;
    return data(
      { ...about, error: failure.message, errors: failure.fields ? Object.values(failure.fields).flat() : [] },
      { status: failure.status },
    );
  }
}

/** A refusal before any service ran (the form itself was wrong). */
export function stockFormError(
  message: string,
  about: { intent: string; recordId?: number; text?: string },
  errors: string[] = [],
) {
  return data({ ...about, error: message, errors }, { status: 400 });
}

/** The :recordId of a stock page, or a 404 for anything but a positive whole number. */
export function recordIdParam(raw: string | undefined): number {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) throw data(null, { status: 404 });
  return Number(raw);
}

import { Form, Link } from "react-router";
import { GradeOptions } from "~/components/catalogue/grade-options";
import { isPreOrder } from "~/domain/catalogue/pre-order";
import { formatPence, penceToDecimalString } from "~/domain/shared/money";
import { wantConditionsText, type WantView } from "~/domain/wants/want-view";

/** What the list shows of a want (the service's view, without its id). */
export type WantListItem = Omit<WantView, "wantId">;

/** The profile's wants: each one's alerts, changed with a plain form post, or removed. */
export function WantList({ wants, today }: { wants: WantListItem[]; today: string }) {
  if (wants.length === 0) {
    return (
      <p className="mt-3 text-stone-700">
        No wants yet. On a sold-out record or a pre-order, press <strong>Want</strong> and we email you when it is back, out or
        cheaper.
      </p>
    );
  }
  return (
    <ul className="mt-4 divide-y divide-stone-200">
      {wants.map((w) => {
        const preOrder = isPreOrder(w.releaseDate, today);
        const formId = `want-${w.recordId}`;
        return (
          <li key={w.recordId} className="py-4">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <p>
                <Link to={w.path} className="font-semibold underline underline-offset-2">
                  {w.title}
                </Link>{" "}
                <span className="text-stone-600">{w.artist}</span>
              </p>
              <p className="text-sm text-stone-600">
                {formatPence(w.pricePence)} · {preOrder ? "pre-order" : w.stock > 0 ? "in stock" : "sold out"}
              </p>
            </div>
            <p className="mt-1 text-sm">
              {w.status === "done" ? (
                <span className="text-stone-600">Alert sent. Tick an alert and save to want it again.</span>
              ) : (
                <span>Alerts: {wantConditionsText(w)}</span>
              )}
            </p>
            <div className="mt-2 flex flex-wrap items-end gap-x-4 gap-y-2">
              <Form method="post" id={formId} preventScrollReset className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
                <input type="hidden" name="intent" value="want-update" />
                <input type="hidden" name="recordId" value={w.recordId} />
                <label className="flex items-center gap-2">
                  <input type="checkbox" name="backInStock" defaultChecked={w.backInStock} className="size-4 accent-needle" />
                  Back in stock
                </label>
                {(preOrder || w.onRelease) && (
                  <label className="flex items-center gap-2">
                    <input type="checkbox" name="onRelease" defaultChecked={w.onRelease} className="size-4 accent-needle" />
                    Released
                  </label>
                )}
                <label className="flex items-center gap-2">
                  Price below £
                  <input
                    type="text"
                    inputMode="decimal"
                    name="priceBelow"
                    maxLength={12}
                    defaultValue={w.priceBelowPence === null ? "" : penceToDecimalString(w.priceBelowPence)}
                    aria-label={`Price below, in pounds, for ${w.title}`}
                    className="w-20 rounded-md border border-stone-300 px-2 py-1"
                  />
                </label>
                {(w.newPressing || w.minGrade !== null) && (
                  <label className="flex items-center gap-2">
                    Used copy graded at least
                    <select
                      name="minGrade"
                      defaultValue={w.minGrade ?? ""}
                      aria-label={`Used copy graded at least, for ${w.title}`}
                      className="rounded-md border border-stone-300 px-2 py-1"
                    >
                      <GradeOptions none="No used-copy alert" />
                    </select>
                  </label>
                )}
                <button type="submit" className="rounded-full bg-ink px-4 py-1.5 font-semibold text-white hover:bg-needle">
                  Save<span className="sr-only"> alerts for {w.title}</span>
                </button>
              </Form>
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value="want-remove" />
                <input type="hidden" name="recordId" value={w.recordId} />
                <button
                  type="submit"
                  className="rounded-full px-4 py-1.5 text-sm font-semibold ring-1 ring-stone-300 hover:bg-stone-100"
                >
                  Remove<span className="sr-only"> {w.title}</span>
                </button>
              </Form>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

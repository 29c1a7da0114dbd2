/**
 * A limited record's notice on its page: "Limited: 1 per customer", and before its on-sale time when it goes on
 * sale (a plain London time the server words, then a live countdown once JavaScript runs). Imported by the
 * record page only, so no landing page loads it.
 */
import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { countdownText, saleStateAt } from "~/domain/limited/on-sale";

/** Whether the record cannot be bought yet, by the server's clock when the page was made. */
export function beforeSale(onSaleAt: string | null, serverNow: string): boolean {
  return saleStateAt(onSaleAt, new Date(serverNow)).state === "not-yet";
}

export function LimitNotice({ limitPerCustomer }: { limitPerCustomer: number | null }) {
  if (limitPerCustomer === null) return null;
  return (
    <p className="mt-4 inline-flex rounded-md bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-950 ring-1 ring-amber-200">
      Limited: {limitPerCustomer} per customer
    </p>
  );
}

/** Stands in for the Add to cart button until the on-sale time. */
export function OnSaleNotice({ onSaleAt, text, serverNow }: { onSaleAt: string; text: string; serverNow: string }) {
  const [left, setLeft] = useState<string | null>(null);
  const revalidator = useRevalidator();
  useEffect(() => {
    // The browser's clock may be off: count from the server's, moved on by the time since the page arrived.
    const offset = Date.parse(serverNow) - Date.now();
    let reloaded = false;
    const tick = () => {
      const ms = Date.parse(onSaleAt) - (Date.now() + offset);
      setLeft(countdownText(ms));
      if (ms <= 0 && !reloaded) {
        reloaded = true;
        void revalidator.revalidate();
      }
    };
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the revalidator changes identity on every render
  }, [onSaleAt, serverNow]);
  return (
    <div className="rounded-lg bg-stone-100 p-4 ring-1 ring-stone-300" data-testid="on-sale-notice">
      <p className="font-semibold">
        <time dateTime={onSaleAt}>{text}</time>
      </p>
      <p className="mt-1 text-sm text-stone-700" aria-live="polite">
        {left === null ? "It can't be bought before then." : left === "now" ? "On sale now." : `Goes on sale in ${left}.`}
      </p>
    </div>
  );
}

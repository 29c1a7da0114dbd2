import { formatDateGB } from "~/domain/shared/dates";
import { formatPence } from "~/domain/shared/money";

/**
 * The printable gift voucher: the shop's name, the amount, who it is for, the buyer's message, the code in groups
 * of four and its last day. Sized for one A4 page (the page's print style sets the paper); on screen a card.
 */
export function PrintedVoucher({
  amountPence,
  code,
  expiresOn,
  recipientName,
  message,
  balanceUrl,
}: {
  amountPence: number;
  code: string;
  expiresOn: string;
  recipientName: string | null;
  message: string | null;
  /** Where its balance is checked, written out in full for paper. */
  balanceUrl: string;
}) {
  return (
    <article
      aria-label="Your gift voucher"
      className="voucher-sheet mx-auto mt-6 max-w-xl break-inside-avoid rounded-3xl border-4 border-double border-ink bg-paper p-6 text-center text-ink shadow-sm sm:p-10 print:mt-0 print:max-w-none print:shadow-none"
    >
      <p className="font-display text-sm font-bold tracking-[0.3em] text-needle-dark uppercase">Needledrop Records</p>
      <h2 className="mt-2 font-display text-3xl font-bold sm:text-4xl">Gift voucher</h2>
      <p className="mt-6 font-display text-6xl font-bold sm:text-7xl" data-testid="voucher-amount">
        {formatPence(amountPence).replace(".00", "")}
      </p>
      {recipientName && <p className="mt-4 text-lg">For {recipientName}</p>}
      {message && (
        <blockquote className="mx-auto mt-4 max-w-md border-l-4 border-stone-300 pl-4 text-left text-base whitespace-pre-line italic">
          {message}
        </blockquote>
      )}
      <div className="mt-8 rounded-xl border-2 border-dashed border-ink px-4 py-4">
        <p className="text-xs font-semibold tracking-wide text-stone-600 uppercase">Code</p>
        {/* A narrow screen wraps it between groups of four, never inside one. */}
        <p className="mt-1 font-mono text-2xl font-bold tracking-widest sm:text-3xl" data-testid="voucher-code">
          {code.split("-").map((group, i) => (
            <span key={i} className="whitespace-nowrap">
              {i > 0 && "-"}
              {group}
              {i < 3 && <wbr />}
            </span>
          ))}
        </p>
      </div>
      <p className="mt-6 text-base">
        Valid until <strong>{formatDateGB(expiresOn)}</strong>
      </p>
      <p className="mt-4 text-sm text-stone-700">
        Spend it on any record at Needledrop, and on its delivery: type the code in the code box at checkout. What it does not
        cover is paid by card. Check its balance at <span className="font-semibold">{balanceUrl}</span>.
      </p>
    </article>
  );
}

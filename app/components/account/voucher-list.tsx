import { Link } from "react-router";
import { VoucherStandingBadge } from "~/components/vouchers/voucher-standing-badge";
import { formatDateGB } from "~/domain/shared/dates";
import { formatPence } from "~/domain/shared/money";
import { VOUCHER_KIND_WORDS, type VoucherKind, type VoucherStanding } from "~/domain/vouchers/voucher-admin";

export interface ProfileVoucher {
  id: number;
  kind: VoucherKind;
  codeLast4: string | null;
  initialPence: number;
  balancePence: number;
  expiresOn: string;
  standing: VoucherStanding;
}

const linkClass = "font-semibold text-needle-dark underline underline-offset-2";

/**
 * The customer's gift vouchers and store credit on their profile: which one (its code's last four characters), what is
 * left, until when. The code itself is never shown: the shop does not keep it; it is in the mail that brought it.
 */
export function VoucherList({ vouchers }: { vouchers: readonly ProfileVoucher[] }) {
  return (
    <>
      <p className="mt-2 text-sm text-stone-700">
        Codes are never kept by the shop, so they are not shown here: each is in the mail that brought it. To spend one, type its
        code at checkout; to check a code's balance, use the{" "}
        <Link to="/gift-vouchers/balance" className={linkClass}>
          balance page
        </Link>
        .
      </p>
      {vouchers.length === 0 ? (
        <p className="mt-4 text-stone-700" data-testid="no-vouchers">
          No gift vouchers or store credit on your account.
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-stone-200" data-testid="profile-vouchers">
          {vouchers.map((v) => (
            <li key={v.id} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-3">
              <div className="min-w-0">
                <p className="font-semibold">
                  {VOUCHER_KIND_WORDS[v.kind]}{" "}
                  <span className="font-mono whitespace-nowrap">
                    {v.codeLast4 ? (
                      <>
                        <span aria-hidden="true">···· </span>
                        <span className="sr-only">ending </span>
                        {v.codeLast4}
                      </>
                    ) : (
                      "(code on its way)"
                    )}
                  </span>
                </p>
                <p className="text-sm text-stone-600">
                  {v.standing === "expired" ? "Expired" : "Valid until"} {formatDateGB(v.expiresOn)} · was{" "}
                  {formatPence(v.initialPence)}
                </p>
              </div>
              <div className="flex items-center gap-2 sm:block sm:text-right">
                <p className="font-display text-xl font-bold tabular-nums">{formatPence(v.balancePence)}</p>
                <VoucherStandingBadge standing={v.standing} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

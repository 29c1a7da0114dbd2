import { formatPence } from "~/domain/shared/money";
import { ROYAL_MAIL_SERVICES } from "~/domain/shipping/royal-mail";

/** The Royal Mail services as a select's options, each with what it costs the shop unless `withCost` is false. */
export function RoyalMailOptions({ withCost = true }: { withCost?: boolean }) {
  return (
    <>
      {ROYAL_MAIL_SERVICES.map((s) => (
        <option key={s.key} value={s.key}>
          {s.name}
          {withCost ? ` (${formatPence(s.costPence)})` : ""}
        </option>
      ))}
    </>
  );
}

import { limitedAddress } from "./client-address";
import type { RateLimits } from "./rate-limits";

/**
 * One try at the second factor (an app code, a recovery code, a passkey), counted against the same limits as every
 * other before it is checked: per account and address (strict), per account, per address. A try over a limit throws
 * the limits' 429 before anything is checked. `passed()` takes the try back and forgets the owner's own misses from
 * this address, as a right password does.
 */
export function countSecondFactorAttempt(limits: RateLimits, asker: { id: number; clientIp: string }) {
  const account = `user:${asker.id}`;
  const address = limitedAddress(asker.clientIp);
  const pair = `${account} from ${address}`;
  const attempt = limits.consume([
    limits.rule("twoFactorPerAccountAndAddress", pair),
    limits.rule("twoFactorPerAccount", account),
    limits.rule("twoFactorPerAddress", address),
  ]);
  return {
    passed() {
      attempt.refund();
      limits.reset("twoFactorPerAccountAndAddress", pair);
    },
  };
}

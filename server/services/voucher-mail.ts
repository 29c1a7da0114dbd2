/**
 * Mailing a voucher's code. The code is made as the mail is sent, by this kind's token minter, so it never rests
 * in the outbox (docs/decisions/0013); each new code mail replaces the voucher's code, so resending one makes the
 * old code stop working. A failed attempt clears the code it made; the retry makes another.
 */
import { and, eq } from "drizzle-orm";
import { formatVoucherCode } from "../../app/domain/vouchers/voucher-code";
import type { Db } from "../../db/client";
import { vouchers, type VoucherRow } from "../../db/schema";
import { hashToken } from "../auth/tokens";
import type { MailLinks } from "../mail/links";
import type { MailContent } from "../mail/templates";
import { giftVoucherMail, storeCreditMail } from "../mail/voucher-templates";
import type { MailService } from "./mail";
import { mintVoucherCode } from "./voucher-ledger";

export const VOUCHER_CODE_MAIL_KIND = "voucher-code";

export function createVoucherMail(db: Db, deps: { mail: MailService; links: MailLinks }) {
  deps.mail.mintTokensFor(VOUCHER_CODE_MAIL_KIND, (message) => {
    const voucher = db.select().from(vouchers).where(eq(vouchers.codeMailId, message.id)).get();
    // Cancelled (or replaced by a newer code mail) since this mail was queued: it is not sent.
    if (!voucher || voucher.status === "cancelled") return null;
    const code = mintVoucherCode(db, voucher.id);
    const hash = hashToken(code);
    return {
      token: formatVoucherCode(code),
      revoke: () =>
        db
          .update(vouchers)
          .set({ codeHash: null })
          .where(and(eq(vouchers.id, voucher.id), eq(vouchers.codeHash, hash)))
          .run(),
    };
  });

  const shopLink = () => deps.links.page("/");
  const balanceLink = () => deps.links.page("/gift-vouchers/balance");

  /**
   * Queues the mail carrying `voucher`'s code to `to`, inside the caller's transaction; the caller dispatches the
   * returned mail id once the transaction has committed. Any earlier code mail of the voucher no longer sends.
   */
  function queueCodeMail(voucher: VoucherRow, to: string, content: MailContent): number {
    const mailId = deps.mail.enqueue({ to, kind: VOUCHER_CODE_MAIL_KIND, orderId: voucher.purchaseOrderId, ...content });
    db.update(vouchers).set({ codeMailId: mailId, mailedAt: new Date().toISOString() }).where(eq(vouchers.id, voucher.id)).run();
    return mailId;
  }

  return {
    queueCodeMail,

    /** The gift voucher's mail to the person it was bought for (or to the buyer when it has no recipient). */
    queueGiftMail(voucher: VoucherRow): number {
      const to = voucher.recipientEmail ?? voucher.buyerEmail;
      if (!to) throw new Error(`Voucher ${voucher.id} has no address to mail its code to.`);
      return queueCodeMail(
        voucher,
        to,
        giftVoucherMail({
          recipientName: voucher.recipientName ?? "there",
          amountPence: voucher.balancePence,
          expiresOn: voucher.expiresOn,
          message: voucher.message,
          shopLink: shopLink(),
          balanceLink: balanceLink(),
        }),
      );
    },

    /** Store credit's mail to its customer; `why` completes "We have given you £x of store credit …". */
    queueStoreCreditMail(voucher: VoucherRow, to: string, why: string): number {
      return queueCodeMail(
        voucher,
        to,
        storeCreditMail({
          amountPence: voucher.balancePence,
          expiresOn: voucher.expiresOn,
          why,
          shopLink: shopLink(),
          balanceLink: balanceLink(),
        }),
      );
    },

    dispatch: (mailId: number) => deps.mail.dispatch(mailId),
  };
}

export type VoucherMail = ReturnType<typeof createVoucherMail>;

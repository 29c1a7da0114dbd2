import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { totpCredentials } from "../../db/schema";

/** A person's second factor: an authenticator app (TOTP) and single-use recovery codes. */
export function createTwoFactorService(db: Db) {
  return {
    /** The account has a second factor: signing in asks for it. */
    isEnabled(userId: number): boolean {
      return (
        db.select({ id: totpCredentials.userId }).from(totpCredentials).where(eq(totpCredentials.userId, userId)).get() !==
        undefined
      );
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;

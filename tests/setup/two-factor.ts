/**
 * A second factor for tests that need an account to have one (every owner and manager must, before any back-office
 * page): a TOTP row whose secret is sealed with a throwaway key, so it exists for the access check and opens nothing.
 * Tests of the second factor itself turn it on through the service instead.
 */
import crypto from "node:crypto";
import type { Db } from "../../db/client";
import { totpCredentials } from "../../db/schema";
import { createSecretBox } from "../../server/auth/secret-box";

const throwaway = createSecretBox(crypto.randomBytes(32));

export function giveTwoFactor(db: Db, userId: number): void {
  db.insert(totpCredentials)
    .values({ userId, secretEncrypted: throwaway.seal(crypto.randomBytes(20), `totp:${userId}`) })
    .onConflictDoNothing()
    .run();
}

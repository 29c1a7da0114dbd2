import { hash, verify } from "@node-rs/argon2";

// @node-rs/argon2 declares Algorithm as a const enum, which isolated modules cannot read: 2 is Argon2id.
const ARGON2ID = 2;

/** OWASP's argon2id minimum: 19 MiB memory, 2 iterations, 1 lane. */
export const ARGON2_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * A real argon2id hash at the same parameters, of a password nobody is given. Sign-in verifies against it
 * when the account does not exist, so a missing account costs the same time as a wrong password.
 */
export const DUMMY_PASSWORD_HASH =
  "$argon2id$v=19$m=19456,t=2,p=1$/MzarC8SUKjwEkIh2HwZow$CgFMoAqs8VJS+oiuQLTI91NESu6YgTQv0y4qsLyNhfE";

/** How many password checks this process has run; tests read it to prove throttling happens before argon2. */
export const passwordStats = { verifications: 0 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  passwordStats.verifications++;
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash is a failed check, never a crash.
    return false;
  }
}

/**
 * A voucher's code: 16 characters from an alphabet without the look-alikes (no 0/O, 1/I/L, U/V), about 78
 * bits of chance, shown in groups of four. Shoppers type codes as they read them, so spaces, hyphens and lower
 * case are forgiven. Only a hash of the code is ever stored (server side); the last four characters are kept
 * in the clear so a customer and staff can tell vouchers apart.
 */
export const VOUCHER_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTWXYZ";
export const VOUCHER_CODE_LENGTH = 16;

const VALID = new RegExp(`^[${VOUCHER_CODE_ALPHABET}]{${VOUCHER_CODE_LENGTH}}$`);

/**
 * A fresh code from `randomBytes` (crypto.getRandomValues in use; a fixed source in tests). Bytes at or
 * above the largest multiple of the alphabet's length are skipped, so every character is equally likely.
 */
export function generateVoucherCode(randomBytes: (n: number) => Uint8Array = secureRandomBytes): string {
  const size = VOUCHER_CODE_ALPHABET.length;
  const limit = 256 - (256 % size);
  let code = "";
  while (code.length < VOUCHER_CODE_LENGTH) {
    for (const byte of randomBytes(VOUCHER_CODE_LENGTH * 2)) {
      if (byte >= limit) continue;
      code += VOUCHER_CODE_ALPHABET[byte % size];
      if (code.length === VOUCHER_CODE_LENGTH) break;
    }
  }
  return code;
}

function secureRandomBytes(n: number): Uint8Array {
  const bytes = new Uint8Array(n);
  crypto.getRandomValues(bytes);
  return bytes;
}

/**
 * The code as typed, made canonical: upper case, without spaces and hyphens. Null when what is left cannot be
 * a voucher code (wrong length or a character outside the alphabet), so a caller can try it as a discount code.
 */
export function normaliseVoucherCode(input: string): string | null {
  const code = input.replace(/[\s-]+/g, "").toUpperCase();
  return VALID.test(code) ? code : null;
}

/** "ABCD-EFGH-JKMN-PQRS": how a code is printed and mailed. */
export function formatVoucherCode(code: string): string {
  return code.match(/.{1,4}/g)?.join("-") ?? code;
}

/** The last four characters, kept beside the hash. */
export const voucherCodeLast4 = (code: string) => code.slice(-4);

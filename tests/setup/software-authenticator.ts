/**
 * A software WebAuthn authenticator for tests: an ES256 key pair, a "none" attestation and signed assertions, built
 * byte by byte as the WebAuthn spec describes them, so the server's verification is exercised for real.
 */
import crypto from "node:crypto";

const sha256 = (data: Buffer | string) => crypto.createHash("sha256").update(data).digest();
const b64url = (data: Buffer) => data.toString("base64url");
const u16 = (v: number) => Buffer.from([v >> 8, v & 0xff]);
const u32 = (v: number) => Buffer.from([(v >>> 24) & 0xff, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff]);
/** A CBOR byte string (shorter than 65,536 bytes). */
function cborBytes(b: Buffer): Buffer {
  const head = b.length < 24 ? [0x40 | b.length] : b.length < 256 ? [0x58, b.length] : [0x59, b.length >> 8, b.length & 0xff];
  return Buffer.concat([Buffer.from(head), b]);
}
/** A CBOR text string (shorter than 24 bytes). */
const cborText = (s: string) => Buffer.concat([Buffer.from([0x60 | s.length]), Buffer.from(s)]);

export function softwareAuthenticator({ origin, rpId = new URL(origin).hostname }: { origin: string; rpId?: string }) {
  const { privateKey, publicKey } = crypto.generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const credentialId = crypto.randomBytes(16);
  let counter = 0;
  // COSE_Key {1: 2 (EC2), 3: -7 (ES256), -1: 1 (P-256), -2: x, -3: y}
  const coseKey = Buffer.concat([
    Buffer.from([0xa5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21]),
    cborBytes(Buffer.from(jwk.x!, "base64url")),
    Buffer.from([0x22]),
    cborBytes(Buffer.from(jwk.y!, "base64url")),
  ]);
  const clientData = (type: string, challenge: string, from: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin: from, crossOrigin: false }));
  return {
    id: b64url(credentialId),
    /** navigator.credentials.create()'s answer to `challenge`, as startRegistration sends it. */
    attest(challenge: string, from = origin) {
      // Flags: user present, user verified, attested credential data included.
      const authData = Buffer.concat([
        sha256(rpId),
        Buffer.from([0x45]),
        u32(0),
        Buffer.alloc(16),
        u16(credentialId.length),
        credentialId,
        coseKey,
      ]);
      const attestationObject = Buffer.concat([
        Buffer.from([0xa3]),
        cborText("fmt"),
        cborText("none"),
        cborText("attStmt"),
        Buffer.from([0xa0]),
        cborText("authData"),
        cborBytes(authData),
      ]);
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: "public-key" as const,
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64url(clientData("webauthn.create", challenge, from)),
          attestationObject: b64url(attestationObject),
          transports: ["internal"],
        },
      };
    },
    /** navigator.credentials.get()'s answer to `challenge`; another origin or signing key to forge one. */
    assert(challenge: string, { from = origin, signer = privateKey }: { from?: string; signer?: crypto.KeyObject } = {}) {
      counter += 1;
      // Flags: user present, user verified.
      const authData = Buffer.concat([sha256(rpId), Buffer.from([0x05]), u32(counter)]);
      const clientDataJSON = clientData("webauthn.get", challenge, from);
      const signature = crypto.sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), signer);
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: "public-key" as const,
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
        },
      };
    },
  };
}

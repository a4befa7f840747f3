import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";

/**
 * A passkey in software, for integration tests of WebAuthn (docs/decisions/075): it answers the
 * options of @simplewebauthn/server as a browser and an authenticator would, with an ES256 key,
 * "none" attestation and a signature counter. Browsers' own authenticator is exercised by the e2e
 * journey (Chromium's virtual authenticator).
 */

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

/** The few CBOR items WebAuthn needs (RFC 8949): unsigned and negative integers, bytes, text, maps. */
function cbor(value: unknown): Buffer {
  const head = (major: number, length: number): Buffer => {
    if (length < 24) return Buffer.from([(major << 5) | length]);
    if (length < 256) return Buffer.from([(major << 5) | 24, length]);
    const out = Buffer.alloc(3);
    out[0] = (major << 5) | 25;
    out.writeUInt16BE(length, 1);
    return out;
  };
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  if (value instanceof Map) {
    return Buffer.concat([head(5, value.size), ...[...value].flatMap(([key, item]) => [cbor(key), cbor(item)])]);
  }
  throw new Error(`cannot encode ${typeof value}`);
}

export interface SoftwarePasskey {
  credentialId: Buffer;
  privateKey: KeyObject;
  counter: number;
}

export function createSoftwarePasskey(): SoftwarePasskey {
  const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  return { credentialId: randomBytes(16), privateKey, counter: 0 };
}

function coseKey(passkey: SoftwarePasskey): Buffer {
  const jwk = passkey.privateKey.export({ format: "jwk" });
  // kty EC2 (2), alg ES256 (-7), crv P-256 (1), x, y
  return cbor(
    new Map<number, unknown>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, "base64url")],
      [-3, Buffer.from(jwk.y!, "base64url")],
    ]),
  );
}

function authenticatorData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(counter);
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
}

/** The answer to generateRegistrationOptions' options, as @simplewebauthn/browser's startRegistration gives it. */
export function registrationResponse(passkey: SoftwarePasskey, options: { challenge: string; rp: { id?: string } }, origin: string) {
  const rpId = options.rp.id!;
  const clientDataJSON = Buffer.from(JSON.stringify({ type: "webauthn.create", challenge: options.challenge, origin, crossOrigin: false }));
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(passkey.credentialId.length);
  const attested = Buffer.concat([Buffer.alloc(16), idLength, passkey.credentialId, coseKey(passkey)]);
  // user present (0x01), user verified (0x04), attested credential data (0x40)
  const authData = authenticatorData(rpId, 0x45, passkey.counter, attested);
  const attestationObject = cbor(new Map<string, unknown>([["fmt", "none"], ["attStmt", new Map()], ["authData", authData]]));
  return {
    id: b64url(passkey.credentialId),
    rawId: b64url(passkey.credentialId),
    type: "public-key" as const,
    response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ["internal"] },
    clientExtensionResults: {},
  };
}

/** The answer to generateAuthenticationOptions' options, as startAuthentication gives it. */
export function authenticationResponse(passkey: SoftwarePasskey, options: { challenge: string; rpId?: string }, origin: string) {
  passkey.counter += 1;
  const clientDataJSON = Buffer.from(JSON.stringify({ type: "webauthn.get", challenge: options.challenge, origin, crossOrigin: false }));
  const authData = authenticatorData(options.rpId!, 0x05, passkey.counter);
  const signature = sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), passkey.privateKey);
  return {
    id: b64url(passkey.credentialId),
    rawId: b64url(passkey.credentialId),
    type: "public-key" as const,
    response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authData), signature: b64url(signature) },
    clientExtensionResults: {},
  };
}

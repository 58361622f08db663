import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A WebAuthn authenticator in software for API tests: an EC P-256 key made with node:crypto, a
 * registration answer with attestation "none" and assertions signed as an authenticator signs them
 * (authenticator data, then the SHA-256 of the client data). CBOR is written here for the few shapes
 * WebAuthn needs. Every field can be bent to test what the server refuses.
 */
type Cbor = number | string | Uint8Array | Map<number | string, Cbor>;

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  if (length < 65_536) {
    const bytes = Buffer.alloc(3);
    bytes[0] = (major << 5) | 25;
    bytes.writeUInt16BE(length, 1);
    return bytes;
  }
  const bytes = Buffer.alloc(5);
  bytes[0] = (major << 5) | 26;
  bytes.writeUInt32BE(length, 1);
  return bytes;
}

export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const parts = [head(5, value.size)];
  for (const [key, item] of value) parts.push(cbor(key), cbor(item));
  return Buffer.concat(parts);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer) => data.toString('base64url');

export interface ClientDataOverrides {
  origin?: string;
  type?: string;
  challenge?: string;
}

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly coseKey: Buffer;
  counter = 0;

  constructor(
    readonly rpId: string,
    readonly origin: string,
  ) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    this.coseKey = cbor(
      new Map<number, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
  }

  get id() {
    return b64url(this.credentialId);
  }

  private clientData(type: string, challenge: string, overrides: ClientDataOverrides) {
    return Buffer.from(
      JSON.stringify({
        type: overrides.type ?? type,
        challenge: overrides.challenge ?? challenge,
        origin: overrides.origin ?? this.origin,
        crossOrigin: false,
      }),
    );
  }

  /** Flags: user present (0x01) and, unless told otherwise, user verified (0x04). */
  private authenticatorData(counter: number, { verified = true, attested = false } = {}) {
    const flags = 0x01 | (verified ? 0x04 : 0) | (attested ? 0x40 : 0);
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    const parts: Uint8Array[] = [sha256(this.rpId), Buffer.from([flags]), count];
    if (attested) {
      const length = Buffer.alloc(2);
      length.writeUInt16BE(this.credentialId.length);
      parts.push(Buffer.alloc(16), length, this.credentialId, this.coseKey);
    }
    return Buffer.concat(parts);
  }

  /** The browser's RegistrationResponseJSON for the options' challenge. */
  register(options: { challenge: string }, overrides: ClientDataOverrides & { verified?: boolean } = {}) {
    const clientDataJSON = this.clientData('webauthn.create', options.challenge, overrides);
    const authData = this.authenticatorData(this.counter, {
      verified: overrides.verified ?? true,
      attested: true,
    });
    const attestationObject = cbor(
      new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['internal' as const],
      },
      clientExtensionResults: {},
    };
  }

  /**
   * The browser's AuthenticationResponseJSON for the options' challenge; the counter goes up by one
   * unless a counter is given.
   */
  assert(
    options: { challenge: string },
    overrides: ClientDataOverrides & { verified?: boolean; counter?: number; userHandle?: string } = {},
  ) {
    const counter = overrides.counter ?? this.counter + 1;
    if (overrides.counter === undefined) this.counter = counter;
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, overrides);
    const authData = this.authenticatorData(counter, { verified: overrides.verified ?? true });
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(overrides.userHandle && { userHandle: overrides.userHandle }),
      },
      clientExtensionResults: {},
    };
  }
}

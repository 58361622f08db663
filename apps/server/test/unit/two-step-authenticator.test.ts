import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  groupedSecret,
  newRecoveryCodes,
  newTotpSecret,
  normalRecoveryCode,
  recoveryCodeHash,
  totpQrCode,
  totpStepOf,
} from '../../src/areas/two-step/authenticator';
import { openSecret, sealSecret } from '../../src/lib/secret-box';

// RFC 6238 appendix B: the SHA-1 seed "12345678901234567890", in base32; its 8-digit codes end in these 6.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const at = (seconds: number) => new Date(seconds * 1000);

describe('authenticator app codes (TOTP)', () => {
  it('accepts the RFC 6238 test vectors at their times, and answers their 30-second step', async () => {
    expect(await totpStepOf(RFC_SECRET, '287082', null, at(59))).toBe(1);
    expect(await totpStepOf(RFC_SECRET, '081804', null, at(1111111109))).toBe(37037036);
    expect(await totpStepOf(RFC_SECRET, '005924', null, at(1234567890))).toBe(41152263);
  });

  it('allows one step of clock drift either way, not two', async () => {
    const code = '005924'; // step 41152263
    expect(await totpStepOf(RFC_SECRET, code, null, at(1234567890 + 30))).toBe(41152263);
    expect(await totpStepOf(RFC_SECRET, code, null, at(1234567890 - 30))).toBe(41152263);
    expect(await totpStepOf(RFC_SECRET, code, null, at(1234567890 + 60))).toBeNull();
    expect(await totpStepOf(RFC_SECRET, code, null, at(1234567890 - 60))).toBeNull();
  });

  it('refuses a code of a step already used, and anything that is not six digits', async () => {
    expect(await totpStepOf(RFC_SECRET, '005924', 41152263, at(1234567890))).toBeNull();
    expect(await totpStepOf(RFC_SECRET, '005924', 41152262, at(1234567890))).toBe(41152263);
    expect(await totpStepOf(RFC_SECRET, '005 924', null, at(1234567890))).toBe(41152263);
    for (const bad of ['', '00592', '0059244', 'abcdef', '00592a'])
      expect(await totpStepOf(RFC_SECRET, bad, null, at(1234567890))).toBeNull();
  });

  it('makes 160-bit base32 secrets, shows them in fours, and draws the QR code as SVG', async () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(groupedSecret('ABCDEFGHIJKLMNOPQR')).toBe('ABCD EFGH IJKL MNOP QR');
    const svg = await totpQrCode(secret, 'Meridian', 'db.active');
    expect(svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).not.toContain(secret);
  });

  it('seals secrets so only the key opens them', () => {
    const key = randomBytes(32);
    const sealed = sealSecret(key, RFC_SECRET);
    expect(sealed).not.toContain(RFC_SECRET);
    expect(sealSecret(key, RFC_SECRET)).not.toBe(sealed);
    expect(openSecret(key, sealed)).toBe(RFC_SECRET);
    expect(() => openSecret(randomBytes(32), sealed)).toThrow();
  });
});

describe('recovery codes', () => {
  it('are ten different codes of ten unambiguous characters', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-hj-km-np-z2-9]{5}-[a-hj-km-np-z2-9]{5}$/);
  });

  it('are read forgiving case, spaces and the hyphen, and kept as a peppered hash', () => {
    expect(normalRecoveryCode(' K7DMQ p3xwa ')).toBe('k7dmqp3xwa');
    expect(normalRecoveryCode('k7dmq-p3xwa')).toBe('k7dmqp3xwa');
    expect(normalRecoveryCode('k7dmq-p3xw')).toBeNull();
    expect(normalRecoveryCode('k7dmq-p3xw!')).toBeNull();
    const pepper = randomBytes(32);
    const hash = recoveryCodeHash(pepper, 'k7dmqp3xwa');
    expect(hash).not.toContain('k7dmq');
    expect(recoveryCodeHash(pepper, 'k7dmqp3xwa')).toBe(hash);
    expect(recoveryCodeHash(randomBytes(32), 'k7dmqp3xwa')).not.toBe(hash);
  });
});

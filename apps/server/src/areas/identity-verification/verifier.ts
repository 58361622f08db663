import { z } from 'zod';
import { AppError } from '../../lib/errors';

/** Who is being checked, as a provider needs it. */
export interface IdentitySubject {
  businessGroup: string;
  referenceNumber: string;
  forenames: string;
  surname: string;
  dateOfBirth: string;
}

export type CheckStatus = 'pending' | 'verified' | 'failed';

/**
 * Checks a member's identity. The embedded verifier takes a photo ID the member uploaded and leaves
 * it pending until someone at the scheme looks at it (`npm run identity:decide`); a provider adapter
 * (by configuration) asks a verification service and reads its decision.
 */
export interface IdentityVerifier {
  method: 'embedded' | 'provider';
  /** Starts a check; `documentId` is the uploaded photo ID (needed by the embedded verifier). */
  start(
    subject: IdentitySubject,
    documentId: string | null,
  ): Promise<{ status: CheckStatus; providerReference: string | null }>;
  /** Where a pending check stands now. */
  current(providerReference: string | null): Promise<CheckStatus>;
}

export const embeddedVerifier: IdentityVerifier = {
  method: 'embedded',
  async start(_subject, documentId) {
    if (!documentId)
      throw new AppError(
        400,
        'identity_document_required',
        'Upload a photo of your passport or driving licence.',
      );
    return { status: 'pending', providerReference: null };
  },
  // A scheme user decides; until then it stays pending.
  async current() {
    return 'pending';
  },
};

const providerCheckSchema = z.object({
  id: z.string().min(1).max(200),
  status: z.enum(['pending', 'verified', 'failed']),
});

/**
 * A verification service over HTTP, by configuration (IDENTITY_VERIFICATION_URL,
 * IDENTITY_VERIFICATION_KEY): POST `{url}/checks` with the member's name, date of birth and a
 * reference starts a check and GET `{url}/checks/{id}` reads it, each answering `{id, status}`
 * (docs/journeys.md).
 */
export function httpIdentityProvider(baseUrl: string, key?: string): IdentityVerifier {
  const call = async (path: string, body?: unknown) => {
    const url = new URL(path, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
    const response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(key ? { authorization: `Bearer ${key}` } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(10_000),
    }).catch(() => null);
    const parsed = response?.ok
      ? providerCheckSchema.safeParse(await response.json().catch(() => null))
      : null;
    if (!parsed?.success)
      throw new AppError(
        503,
        'identity_provider_unavailable',
        'We cannot check your identity right now. Try again later.',
      );
    return parsed.data;
  };
  return {
    method: 'provider',
    async start(subject) {
      const check = await call('checks', {
        reference: `${subject.businessGroup}-${subject.referenceNumber}`,
        forenames: subject.forenames,
        surname: subject.surname,
        dateOfBirth: subject.dateOfBirth,
      });
      return { status: check.status, providerReference: check.id };
    },
    async current(providerReference) {
      if (!providerReference) return 'pending';
      return (await call(`checks/${encodeURIComponent(providerReference)}`)).status;
    },
  };
}

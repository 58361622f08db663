import { CALCULATION_ERROR_CODES, CalculationError, type CalculationErrorCode } from './errors';
import type { CalculationProvider } from './provider';

/** The path of each provider operation under the calculation API's base URL (all POST, JSON in and out). */
export const CALCULATION_PATHS = {
  retirementDatesAges: 'retirement-dates-ages',
  retirementQuote: 'retirement-quote',
  transferQuote: 'transfer-quote',
  partialTransferByValue: 'partial-transfer/by-value',
  partialTransferByResidualPension: 'partial-transfer/by-residual-pension',
} as const satisfies Record<keyof CalculationProvider, string>;

type Operation = keyof CalculationProvider;

/** The calculation API answered in a way the adapter cannot use (network failure, 5xx, malformed body). */
export class CalculationProviderError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'CalculationProviderError';
  }
}

export interface HttpCalculationProviderOptions {
  baseUrl: string;
  /** Injected so tests and platforms can supply their own. */
  fetch: typeof globalThis.fetch;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

interface ErrorBody {
  errors?: { code?: unknown; message?: unknown; details?: unknown }[];
}

/** A `CalculationProvider` that calls an external calculation API speaking the same JSON contract. */
export function createHttpCalculationProvider(options: HttpCalculationProviderOptions): CalculationProvider {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');

  async function call<T>(operation: Operation, request: unknown): Promise<T> {
    let response: Response;
    try {
      response = await options.fetch(`${baseUrl}/${CALCULATION_PATHS[operation]}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...options.headers },
        body: JSON.stringify(request),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new CalculationProviderError(`Calculation API unreachable: ${(error as Error).message}`, null);
    }
    const body: unknown = await response.json().catch(() => undefined);
    if (response.ok && body && typeof body === 'object') return body as T;
    const first = (body as ErrorBody | undefined)?.errors?.[0];
    if (first && typeof first.code === 'string' && CALCULATION_ERROR_CODES.has(first.code)) {
      throw new CalculationError(
        first.code as CalculationErrorCode,
        String(first.message ?? first.code),
        (first.details as Record<string, unknown> | undefined) ?? {},
      );
    }
    throw new CalculationProviderError(`Calculation API answered ${response.status}`, response.status);
  }

  return {
    retirementDatesAges: (request) => call('retirementDatesAges', request),
    retirementQuote: (request) => call('retirementQuote', request),
    transferQuote: (request) => call('transferQuote', request),
    partialTransferByValue: (request) => call('partialTransferByValue', request),
    partialTransferByResidualPension: (request) => call('partialTransferByResidualPension', request),
  };
}

export interface CalculationResponse {
  status: number;
  body: unknown;
}

/**
 * Serves a provider over the same contract (e.g. a server route or a test double for the adapter):
 * 200 with the result; 400/422 with `{ errors: [{ code, message, details }] }`; 404 for an unknown path.
 */
export async function handleCalculationRequest(
  provider: CalculationProvider,
  path: string,
  body: unknown,
): Promise<CalculationResponse> {
  const operation = (Object.keys(CALCULATION_PATHS) as Operation[]).find(
    (op) => CALCULATION_PATHS[op] === path,
  );
  if (!operation)
    return { status: 404, body: { errors: [{ code: 'route_not_found', message: `No operation ${path}` }] } };
  try {
    const method = provider[operation] as (request: unknown) => Promise<unknown>;
    return { status: 200, body: await method.call(provider, body) };
  } catch (error) {
    if (error instanceof CalculationError) {
      const details = error.code === 'invalid_request' ? {} : error.details;
      return {
        status: error.code === 'invalid_request' ? 400 : 422,
        body: { errors: [{ code: error.code, message: error.message, details }] },
      };
    }
    return {
      status: 500,
      body: { errors: [{ code: 'something_went_wrong', message: 'Calculation failed' }] },
    };
  }
}

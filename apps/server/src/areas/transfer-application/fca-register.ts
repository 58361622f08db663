/**
 * The Financial Conduct Authority's register of firms, as the transfer application asks it: is the
 * firm reference number (FRN) of an adviser's firm one the register lists as authorised, and may it
 * advise on pension transfers? One interface, two adapters chosen by configuration: the embedded
 * default answers from a configured list (`FCA_REGISTER_FIRMS`), so the portal runs without the
 * register's service and a test can name the firms it knows; with `FCA_REGISTER_URL` the FCA's
 * Financial Services Register API is asked (`GET {url}/Firm/{FRN}`, then its permissions).
 */

/**
 * What the register says of a firm: authorised (its name and whether it holds the permission to advise
 * on pension transfers, each null where the register does not say), not authorised (not on it, or on it
 * with another status), or nothing, because it could not be asked.
 */
export type FcaFirmCheck =
  | { outcome: 'authorised'; name: string | null; pensionTransfers: boolean | null }
  | { outcome: 'not_authorised'; status: string | null }
  | { outcome: 'unavailable'; reason: string };

export interface FcaRegister {
  /** Where the answer came from, as a caseworker reads it in the case's note. */
  readonly source: string;
  check(firmReference: string): Promise<FcaFirmCheck>;
}

/** An FCA firm reference number is 6 or 7 digits. */
export const FCA_FIRM_REFERENCE = /^\d{6,7}$/;

/** The FRN as typed, without the spaces a member may put in it. */
export const firmReferenceOf = (typed: string) => typed.replace(/\s+/g, '');

/** The embedded register: the configured firm reference numbers are authorised, no others. */
export function embeddedFcaRegister(firms: readonly string[]): FcaRegister {
  const known = new Set(firms.map(firmReferenceOf));
  return {
    source: 'the configured list of firms',
    check: async (firmReference) =>
      known.has(firmReferenceOf(firmReference))
        ? { outcome: 'authorised', name: null, pensionTransfers: null }
        : { outcome: 'not_authorised', status: null },
  };
}

/** The firms the embedded register lists when none are configured (fictional demo firms). */
export const DEMO_FCA_FIRMS = ['123456', '7654321', '480021'];

/** The register API's status for a firm it has no record of. */
const FIRM_NOT_FOUND = 'FSR-API-02-01-11';

/**
 * The register's name of the permission to advise on pension transfers ("Advising on Pension Transfers
 * and Pension Opt Outs"), not the general advice one that excludes them ("… (except pension transfers …)").
 */
const PENSION_TRANSFER_PERMISSION = /^advising on pension transfers/i;

export interface FcaRegisterApiOptions {
  /** The API's base URL, such as https://register.fca.org.uk/services/V0.1. */
  url: string;
  email: string;
  key: string;
  /** How long each call may take before the register counts as unavailable. */
  timeoutMs: number;
}

class RegisterUnavailable extends Error {}

/**
 * The FCA Financial Services Register API (V0.1): `GET {url}/Firm/{FRN}` with `X-Auth-Email` and
 * `X-Auth-Key` answers `{ Status, Data: [{ "Organisation Name", Status, ... }] }`, Status
 * `FSR-API-02-01-11` for an FRN it does not know; an authorised firm's `GET {url}/Firm/{FRN}/Permissions`
 * answers `{ Data: { "<permission name>": [...] } }`. A call that fails, is refused (a bad key, the rate
 * limit), times out or answers another shape makes the register unavailable, not the firm unauthorised;
 * the permissions alone failing leaves the permission unknown.
 */
export function fcaRegisterApi({ url, email, key, timeoutMs }: FcaRegisterApiOptions): FcaRegister {
  const base = url.replace(/\/+$/, '');
  async function get(path: string): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        headers: { accept: 'application/json', 'X-Auth-Email': email, 'X-Auth-Key': key },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new RegisterUnavailable(timedOut ? `no answer within ${timeoutMs} ms` : 'not reachable');
    }
    if (!response.ok) throw new RegisterUnavailable(`answered HTTP ${response.status}`);
    const body: unknown = await response.json().catch(() => null);
    if (!body || typeof body !== 'object')
      throw new RegisterUnavailable('answered something other than JSON');
    return body as Record<string, unknown>;
  }

  async function pensionTransfersOf(firmReference: string): Promise<boolean | null> {
    try {
      const { Data: permissions } = await get(`/Firm/${firmReference}/Permissions`);
      if (!permissions || typeof permissions !== 'object' || Array.isArray(permissions)) return null;
      return Object.keys(permissions).some((name) => PENSION_TRANSFER_PERMISSION.test(name.trim()));
    } catch (error) {
      if (error instanceof RegisterUnavailable) return null;
      throw error;
    }
  }

  return {
    source: 'the FCA register',
    async check(firmReference) {
      try {
        const body = await get(`/Firm/${firmReference}`);
        const [firm] = Array.isArray(body.Data) ? (body.Data as Array<Record<string, unknown>>) : [];
        if (body.Status === FIRM_NOT_FOUND || (Array.isArray(body.Data) && !firm))
          return { outcome: 'not_authorised', status: null };
        if (!firm || typeof firm !== 'object' || typeof firm.Status !== 'string')
          throw new RegisterUnavailable('answered a firm without its status');
        if (firm.Status.trim() !== 'Authorised') return { outcome: 'not_authorised', status: firm.Status };
        const name = firm['Organisation Name'];
        return {
          outcome: 'authorised',
          name: typeof name === 'string' && name.trim() ? name.trim() : null,
          pensionTransfers: await pensionTransfersOf(firmReference),
        };
      } catch (error) {
        if (error instanceof RegisterUnavailable) return { outcome: 'unavailable', reason: error.message };
        throw error;
      }
    },
  };
}

/** The register configuration chooses: the API with `FCA_REGISTER_URL`, else the configured list. */
export function fcaRegisterFrom(config: {
  FCA_REGISTER_URL?: string;
  FCA_REGISTER_EMAIL?: string;
  FCA_REGISTER_KEY?: string;
  FCA_REGISTER_TIMEOUT_MS: number;
  FCA_REGISTER_FIRMS: readonly string[];
}): FcaRegister {
  if (config.FCA_REGISTER_URL)
    return fcaRegisterApi({
      url: config.FCA_REGISTER_URL,
      email: config.FCA_REGISTER_EMAIL ?? '',
      key: config.FCA_REGISTER_KEY ?? '',
      timeoutMs: config.FCA_REGISTER_TIMEOUT_MS,
    });
  return embeddedFcaRegister(
    config.FCA_REGISTER_FIRMS.length > 0 ? config.FCA_REGISTER_FIRMS : DEMO_FCA_FIRMS,
  );
}

let register: FcaRegister = embeddedFcaRegister(DEMO_FCA_FIRMS);

/** The register the transfer application checks advisers against (set once, as the app starts). */
export function useFcaRegister(chosen: FcaRegister) {
  register = chosen;
}

export const fcaRegister = (): FcaRegister => register;

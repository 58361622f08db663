/**
 * The Financial Conduct Authority's register of firms, as the transfer application asks it: is the
 * firm reference number (FRN) of an adviser's firm one the register lists as authorised? One
 * interface; the embedded default answers from a configured list (`FCA_REGISTER_FIRMS`), so the
 * portal runs without the register's service and a test can name the firms it knows.
 */
export interface FcaRegister {
  isAuthorised(firmReference: string): Promise<boolean>;
}

/** An FCA firm reference number is 6 or 7 digits. */
export const FCA_FIRM_REFERENCE = /^\d{6,7}$/;

/** The FRN as typed, without the spaces a member may put in it. */
export const firmReferenceOf = (typed: string) => typed.replace(/\s+/g, '');

/** The embedded register: the configured firm reference numbers are authorised, no others. */
export function embeddedFcaRegister(firms: readonly string[]): FcaRegister {
  const known = new Set(firms.map(firmReferenceOf));
  return { isAuthorised: async (firmReference) => known.has(firmReferenceOf(firmReference)) };
}

/** The firms the embedded register lists when none are configured (fictional demo firms). */
export const DEMO_FCA_FIRMS = ['123456', '7654321', '480021'];

let register: FcaRegister = embeddedFcaRegister(DEMO_FCA_FIRMS);

/** The register the transfer application checks advisers against (set once, as the app starts). */
export function useFcaRegister(chosen: FcaRegister) {
  register = chosen;
}

export const fcaRegister = (): FcaRegister => register;

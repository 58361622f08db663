/** Keeps the last four characters of a number, the rest as bullets: •••• 4958. */
export const lastFour = (value: string | null | undefined) => (value ? `•••• ${value.slice(-4)}` : null);

/** m•••@example.org: enough for the member to recognise the address, not to read it. */
export function maskedEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
}

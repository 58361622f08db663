/** Fixed English month names, whatever the runtime's locale data. */
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `27 Mar 2026`, the portal's date format, from a YYYY-MM-DD date. */
export function dayMonthYear(iso: string): string {
  const [year, month, day] = iso.slice(0, 10).split('-');
  return `${day} ${months[Number(month) - 1]} ${year}`;
}

/** Digits in groups of three: `1250000` as `1,250,000`. */
export const groupedDigits = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** An amount in pence as pounds and pence: `£1,250.50`. */
export function poundsAndPence(pence: number): string {
  const sign = pence < 0 ? '-' : '';
  const whole = Math.abs(Math.round(pence));
  return `${sign}£${groupedDigits(String(Math.floor(whole / 100)))}.${String(whole % 100).padStart(2, '0')}`;
}

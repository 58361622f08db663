/** Fixed English month names, whatever the runtime's locale data. */
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `dd MMM yyyy`, the portal's date format, from an ISO date or timestamp. */
export const displayDate = (iso: string) => {
  const [year, month, day] = iso.slice(0, 10).split('-');
  return `${day} ${months[Number(month) - 1]} ${year}`;
};

export const displayPounds = (pence: number) =>
  `£${(pence / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** A round sum without its pence (`£30,000`), as a limit is written; any other with them. */
export const displayLimitPounds = (pence: number) =>
  pence % 100 === 0 ? `£${(pence / 100).toLocaleString('en-GB')}` : displayPounds(pence);

/** "1 month", "8 months". */
export const displayMonths = (count: number) => `${count} ${count === 1 ? 'month' : 'months'}`;

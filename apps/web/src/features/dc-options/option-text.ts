import type { DcOptionCode } from '@meridian/contracts';

/** Each way of spending a pot, in the member's words: its name and what it means. */
export const optionText: Record<DcOptionCode, { title: string; description: string }> = {
  'all-cash': {
    title: 'Take it all as cash',
    description: 'A quarter is tax-free; the rest is taxed as income in the year you take it.',
  },
  'small-pot': {
    title: 'Take a small pot as one lump sum',
    description:
      'A pot of £10,000 or less can be paid in one go without affecting what you can pay in later.',
  },
  'cash-and-drawdown': {
    title: 'Tax-free cash and a flexible income (drawdown)',
    description: 'Take tax-free cash, leave the rest invested and draw an income you choose from it.',
  },
  'cash-and-annuity': {
    title: 'Tax-free cash and a guaranteed income for life (annuity)',
    description:
      'Take tax-free cash and use the rest to buy an income that is paid for the rest of your life.',
  },
  'cash-now-rest-invested': {
    title: 'Some cash now, the rest left invested',
    description: 'Take an amount you choose now (a quarter of it tax-free) and decide about the rest later.',
  },
  'leave-invested': {
    title: 'Leave it all invested',
    description: 'Take nothing yet: your pot stays invested and can still go up or down.',
  },
  'annuity-and-drawdown': {
    title: 'A mix: part annuity, part drawdown',
    description:
      'Take tax-free cash, buy a guaranteed income with part of the rest and draw from the remainder.',
  },
};

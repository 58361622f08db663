import type { Payslip } from '@meridian/contracts';
import { displayDate, displayPounds } from '../../lib/display';
import { aboutYouSection, renderApplicationPdf } from '../../lib/pdf/application-pdf';
import type { p60Of } from './payroll';

type Member = {
  title: string | null;
  forenames: string | null;
  surname: string;
  referenceNumber: string;
  insuranceNumber: string | null;
};
type P60 = Awaited<ReturnType<typeof p60Of>>['p60'];

const basisLabel = (basis: Payslip['taxBasis']) =>
  basis === 'month1' ? 'month 1 (this payment on its own)' : 'cumulative (the tax year to date)';

const aboutYou = (member: Member) =>
  aboutYouSection(member, {
    label: 'National Insurance number',
    value: member.insuranceNumber ?? 'Not held',
  });

const payerSection = (payer: Payslip['payer']) => ({
  heading: 'Paid by',
  lines: [
    { label: 'Pension scheme', value: payer.name },
    { label: 'PAYE reference', value: payer.payeReference ?? 'Not held' },
  ],
});

/** A payment's payslip: what was paid, the tax taken and how, and the tax year so far. */
export function payslipPdf(member: Member, payslip: Payslip) {
  return renderApplicationPdf({
    title: 'Pension payslip',
    submittedOn: displayDate(payslip.paidOn),
    dateLabel: 'Paid on',
    sections: [
      aboutYou(member),
      {
        heading: 'This payment',
        lines: [
          { label: 'Pay reference', value: payslip.payReference ?? 'Not held' },
          { label: 'Pension before tax', value: displayPounds(payslip.grossPence) },
          {
            label: payslip.taxPence < 0 ? 'Tax refunded' : 'Tax taken',
            value: displayPounds(Math.abs(payslip.taxPence)),
          },
          { label: 'Paid to you', value: displayPounds(payslip.netPence) },
          {
            label: 'Tax code',
            value: payslip.taxCode
              ? `${payslip.taxCode}, ${basisLabel(payslip.taxBasis)}`
              : 'Not held for this payment',
          },
          { label: 'Tax month', value: `${payslip.taxMonth} of tax year ${payslip.taxYear}` },
        ],
      },
      {
        heading: `Tax year ${payslip.taxYear} to date`,
        lines: [
          { label: 'Pension before tax', value: displayPounds(payslip.yearToDate.grossPence) },
          { label: 'Tax taken', value: displayPounds(payslip.yearToDate.taxPence) },
        ],
      },
      payerSection(payslip.payer),
    ],
  });
}

/** The P60 end of year certificate: the pension paid and tax taken in a tax year, and the final code. */
export function p60Pdf(member: Member, p60: P60) {
  return renderApplicationPdf({
    title: `P60 End of Year Certificate, tax year ${p60.taxYear}`,
    submittedOn: displayDate(p60.endsOn),
    dateLabel: 'Tax year to',
    sections: [
      aboutYou(member),
      {
        heading: 'Pay and income tax in this employment',
        lines: [
          { label: 'Pension paid', value: displayPounds(p60.grossPence) },
          { label: 'Tax deducted', value: displayPounds(p60.taxPence) },
          { label: 'Final tax code', value: p60.finalTaxCode ?? 'Not held' },
        ],
      },
      payerSection(p60.payer),
      {
        heading: 'Keep this certificate',
        lines: [
          {
            label: 'Why it matters',
            value:
              'It shows the pension we paid you and the tax we took in the tax year. You may need it to claim tax back, to fill in a tax return or to show your income.',
          },
        ],
      },
    ],
  });
}

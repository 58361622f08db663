import type { Beneficiary } from '@meridian/contracts';
import { relationshipStatuses } from '@meridian/contracts';
import { renderApplicationPdf } from '../../lib/pdf/application-pdf';
import { displayDate } from '../../lib/display';

const relationshipLabel = (key: string) =>
  relationshipStatuses.find((status) => status.key === key)?.label ?? key;

const addressText = (address: Beneficiary['address']) =>
  [
    address.line1,
    address.line2,
    address.line3,
    address.line4,
    address.line5,
    address.postCode,
    address.country,
  ]
    .filter(Boolean)
    .join(', ');

function beneficiaryLines(beneficiary: Beneficiary) {
  const identity =
    beneficiary.kind === 'person'
      ? [
          { label: 'Relationship', value: relationshipLabel(beneficiary.relationship) },
          { label: 'Date of birth', value: displayDate(beneficiary.dateOfBirth) },
          { label: 'Receives your pension', value: beneficiary.isPensionBeneficiary ? 'Yes' : 'No' },
        ]
      : [
          { label: 'Organisation', value: 'Charity or organisation' },
          {
            label: 'Charity number',
            value: beneficiary.charityNumber ? String(beneficiary.charityNumber) : 'Not given',
          },
        ];
  return [
    ...identity,
    { label: 'Share of the lump sum', value: `${beneficiary.lumpSumPercentage.toFixed(2)}%` },
    { label: 'Address', value: addressText(beneficiary.address) },
    ...(beneficiary.notes ? [{ label: 'Notes', value: beneficiary.notes }] : []),
  ];
}

const nameOf = (beneficiary: Beneficiary) =>
  beneficiary.kind === 'person' ? `${beneficiary.forenames} ${beneficiary.surname}` : beneficiary.charityName;

/** The nomination as a readable PDF record: who, what share, and the date it was made. */
export function renderNominationPdf(nomination: {
  memberName: string;
  referenceNumber: string;
  madeOn: string;
  beneficiaries: Beneficiary[];
}) {
  return renderApplicationPdf({
    title: 'Expression of wish',
    caseNumber: nomination.referenceNumber,
    submittedOn: displayDate(nomination.madeOn),
    sections: [
      {
        heading: 'About you',
        lines: [
          { label: 'Name', value: nomination.memberName },
          { label: 'Membership reference', value: nomination.referenceNumber },
          { label: 'Nomination made on', value: displayDate(nomination.madeOn) },
        ],
      },
      ...nomination.beneficiaries.map((beneficiary, index) => ({
        heading: `${index + 1}. ${nameOf(beneficiary)}`,
        lines: beneficiaryLines(beneficiary),
      })),
    ],
  });
}

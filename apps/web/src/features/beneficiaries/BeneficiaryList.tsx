import './beneficiaries.css';
import type { ReactNode } from 'react';
import type { Beneficiary } from '@meridian/contracts';
import { formatDate } from '../../lib/format';
import { addressText, beneficiaryName, formatShare, type RelationshipStatus } from './api';

/** A relationship in words, in its colour group's colours. */
export function RelationshipTag({
  relationship,
  statuses,
}: {
  relationship: string;
  statuses: RelationshipStatus[];
}) {
  const status = statuses.find((candidate) => candidate.key === relationship);
  return (
    <strong className={`relationship-tag relationship-tag--${status?.group ?? 'other'}`}>
      {status?.label ?? relationship}
    </strong>
  );
}

/** One beneficiary's details as a summary list; `actions` adds the Change and Remove controls. */
export function BeneficiaryCard({
  beneficiary,
  statuses,
  headingLevel = 2,
  actions,
}: {
  beneficiary: Beneficiary;
  statuses: RelationshipStatus[];
  headingLevel?: 2 | 3;
  actions?: ReactNode;
}) {
  const Heading = `h${headingLevel}` as const;
  const rows: Array<[string, ReactNode]> = [
    [
      'Relationship',
      <RelationshipTag key="tag" relationship={beneficiary.relationship} statuses={statuses} />,
    ],
    ...(beneficiary.kind === 'person'
      ? ([
          ['Date of birth', formatDate(beneficiary.dateOfBirth)],
          ['Receives your pension', beneficiary.isPensionBeneficiary ? 'Yes' : 'No'],
        ] as Array<[string, ReactNode]>)
      : beneficiary.charityNumber
        ? ([['Charity number', String(beneficiary.charityNumber)]] as Array<[string, ReactNode]>)
        : []),
    ['Share of the lump sum', formatShare(beneficiary.lumpSumPercentage)],
    ['Address', addressText(beneficiary)],
    ...(beneficiary.notes ? ([['Notes', beneficiary.notes]] as Array<[string, ReactNode]>) : []),
  ];
  return (
    <li className="beneficiary-card">
      <Heading>{beneficiaryName(beneficiary)}</Heading>
      <dl className="summary-list">
        {rows.map(([label, value]) => (
          <div className="summary-row" key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {actions}
    </li>
  );
}

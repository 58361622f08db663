/**
 * How someone is related to a member, with the colour group a nomination's list shows. People take
 * any relationship but Charity; organisations take Charity only.
 */
export const relationshipStatuses = [
  { key: 'Spouse', label: 'Husband, wife or civil partner', group: 'partner' },
  { key: 'Partner', label: 'Partner', group: 'partner' },
  { key: 'Child', label: 'Son or daughter', group: 'child' },
  { key: 'Stepchild', label: 'Stepchild', group: 'child' },
  { key: 'Grandchild', label: 'Grandchild', group: 'child' },
  { key: 'Parent', label: 'Parent', group: 'family' },
  { key: 'Sibling', label: 'Brother or sister', group: 'family' },
  { key: 'OtherRelative', label: 'Other relative', group: 'family' },
  { key: 'Friend', label: 'Friend', group: 'other' },
  { key: 'Other', label: 'Someone else', group: 'other' },
  { key: 'Charity', label: 'Charity or organisation', group: 'organisation' },
] as const;

export type RelationshipKey = (typeof relationshipStatuses)[number]['key'];
export type PersonRelationship = Exclude<RelationshipKey, 'Charity'>;
export const relationshipGroups = ['partner', 'child', 'family', 'other', 'organisation'] as const;

/** The relationships a person (not an organisation) may have. */
export const personRelationships = relationshipStatuses
  .map((status) => status.key)
  .filter((key): key is PersonRelationship => key !== 'Charity') as [
  PersonRelationship,
  ...PersonRelationship[],
];

export const relationshipLabel = (key: string) =>
  relationshipStatuses.find((status) => status.key === key)?.label ?? key;

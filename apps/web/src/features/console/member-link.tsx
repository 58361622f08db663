import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The console's view of a member (their record as they see it, and their requests). */
export const memberViewPath = (businessGroup: string, referenceNumber: string) =>
  `/admin/members/${encodeURIComponent(businessGroup)}/${encodeURIComponent(referenceNumber)}`;

/** A link to the console's view of a member, from a page about one of their cases or changes. */
export function MemberLink({
  businessGroup,
  referenceNumber,
  children,
}: {
  businessGroup: string;
  referenceNumber: string;
  children: ReactNode;
}) {
  return <Link to={memberViewPath(businessGroup, referenceNumber)}>{children}</Link>;
}

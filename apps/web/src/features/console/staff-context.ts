import { useOutletContext } from 'react-router';
import type { StaffMember } from '@meridian/contracts';

/** The signed-in staff member, for the pages under the console's frame. */
export const useStaff = () => useOutletContext<StaffMember>();

import type { DcPot } from '@meridian/contracts';
import { http, recordHeaders } from '../../lib/api';

export const DC_POT_READ = '/mdp-api/api/members/current/dc-pot';

export const readDcPot = () => http.get<DcPot>(DC_POT_READ, recordHeaders());

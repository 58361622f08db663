/**
 * The report's journey type (its pages are each tenant's content) and the API it is walked on. A module
 * of their own, without schemas: the web's first screen names them (a journey step's reads start from
 * the content page's loader) and must not take zod and the journey schemas in with them.
 */
export const BEREAVEMENT_JOURNEY_TYPE = 'bereavement';
export const BEREAVEMENT_API_PREFIX = '/api/bereavement';

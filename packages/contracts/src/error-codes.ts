/** The fallback code a client uses when a response carries no usable code (spec section 8). */
export const SOMETHING_WENT_WRONG = 'something_went_wrong';

export const errorCodes = {
  validation: 'validation_failed',
  notFound: 'not_found',
  routeNotFound: 'route_not_found',
  unauthorised: 'unauthorised',
  forbidden: 'forbidden',
  methodNotAllowed: 'method_not_allowed',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  tooManyRequests: 'too_many_requests',
  tenantNotFound: 'tenant_not_found',
  memberNotFound: 'member_not_found',
  /** 503: the database did not answer in time; try again shortly (Retry-After). */
  busy: 'service_busy',
  internal: SOMETHING_WENT_WRONG,
} as const;

export type ErrorCode = (typeof errorCodes)[keyof typeof errorCodes];

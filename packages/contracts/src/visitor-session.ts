/**
 * When a visitor's journey says it is about to time out: the web opens its "about to time out" dialog
 * then, and the server's `aboutToExpire` is true from then on, by the same rule. A module without
 * schemas, as the web's first screen reads it.
 */
export const VISITOR_WARNING_SECONDS = 5 * 60;

/** A report of a death warns a minute before it times out, or a third of its life before when shorter. */
export const reportWarningSeconds = (journeyMinutes: number) =>
  Math.min(60, Math.round((journeyMinutes * 60) / 3));

/** Whether a journey whose token ends at `expiresAt` is within `warningSeconds` of it at `now`. */
export const aboutToTimeOut = (expiresAt: Date, now: Date, warningSeconds: number) =>
  expiresAt.getTime() - now.getTime() <= warningSeconds * 1000;

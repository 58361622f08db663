import { z } from 'zod';

/**
 * A new account's password: 12 characters or more that are not spaces at either end (so twelve
 * spaces are not a password), any characters allowed, as NCSC advises.
 */
export const newPasswordSchema = z
  .string()
  .max(200, 'Password must be 200 characters or fewer')
  .refine(
    (password) => password.trim().length >= 12,
    'Password must be 12 characters or more, not counting spaces at the start or end',
  );

/** The last step of registration: the emailed code, the chosen username and password. */
export const registrationConfirmationSchema = z.object({
  registrationId: z.uuid(),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit security code'),
  username: z
    .string()
    .trim()
    .regex(/^[a-zA-Z0-9._-]{3,50}$/, 'Username must be 3 to 50 letters, digits, dots, dashes or underscores'),
  password: newPasswordSchema,
});

// Member records as the administrator holds them, and their schemes.
import { date, integer, jsonb, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { portal } from './namespaces';

export interface MemberAddress {
  lines: string[];
  town: string;
  county?: string | null;
  postcode: string;
  countryCode: string;
}

export interface NotificationSettings {
  email: boolean;
  sms: boolean;
  post: boolean;
}

export const schemes = portal.table('schemes', {
  code: text('code').primaryKey(),
  businessGroup: text('business_group').notNull(),
  name: text('name').notNull(),
  type: text('type', { enum: ['DB', 'DC'] }).notNull(),
});

export const memberStatuses = [
  'ReadyToEnroll',
  'Active',
  'Deferred',
  'Pensioner',
  'Dependent',
  'Undefined',
] as const;

export const members = portal.table(
  'members',
  {
    businessGroup: text('business_group').notNull(),
    referenceNumber: text('reference_number').notNull(),
    schemeCode: text('scheme_code')
      .notNull()
      .references(() => schemes.code),
    category: text('category').notNull(),
    status: text('status', { enum: memberStatuses }).notNull(),
    title: text('title'),
    forenames: text('forenames').notNull(),
    surname: text('surname').notNull(),
    gender: text('gender', { enum: ['M', 'F', 'U'] }).notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    insuranceNumber: text('insurance_number'),
    email: text('email'),
    mobilePhone: text('mobile_phone'),
    maritalStatus: text('marital_status'),
    employerCode: text('employer_code'),
    locationCode: text('location_code'),
    payrollNumber: text('payroll_number'),
    membershipNumber: text('membership_number'),
    dateJoinedCompany: date('date_joined_company', { mode: 'string' }),
    dateJoinedScheme: date('date_joined_scheme', { mode: 'string' }),
    datePensionableServiceStarted: date('date_pensionable_service_started', { mode: 'string' }),
    dateLeftScheme: date('date_left_scheme', { mode: 'string' }),
    dateRetired: date('date_retired', { mode: 'string' }),
    /** The member's postal address (lines, town, county, postcode, country). */
    address: jsonb('address').$type<MemberAddress>(),
    /**
     * How the member wants to hear from the scheme: post excludes email and SMS. Post until the member
     * chooses otherwise: paper is the safe default under the disclosure rules.
     */
    notificationSettings: jsonb('notification_settings')
      .$type<NotificationSettings>()
      .notNull()
      .default({ email: false, sms: false, post: true }),
    /**
     * When the member last changed each contact route here: a route changed recently cannot receive a
     * bank or nomination code, and a bank change soon after any of them waits (docs/security.md).
     */
    emailChangedAt: timestamp('email_changed_at', { withTimezone: true }),
    mobileChangedAt: timestamp('mobile_changed_at', { withTimezone: true }),
    addressChangedAt: timestamp('address_changed_at', { withTimezone: true }),
    /** A protected pension age (e.g. 55 kept under the 2028 rise), when the member has one. */
    protectedPensionAge: integer('protected_pension_age'),
    /** Scheme-specific benefit data the calculation engine reads (tranches, salary, AVC, DC pot). */
    benefits: jsonb('benefits').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.businessGroup, table.referenceNumber] })],
);

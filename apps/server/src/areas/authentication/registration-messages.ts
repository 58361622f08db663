import type { Messaging } from '../../lib/messaging';
import {
  REGISTRATION_CODE_MINUTES,
  REGISTRATION_LETTER_DAYS,
  type RegistrationStart,
} from './registration-service';

interface Sender {
  tenantName: string;
  /** Where the portal is, for the link in a message. */
  origin: string;
}

/**
 * Tells the member, on the contact details the scheme holds, what a registration start did: their
 * code (email, text, else a letter), or that they already have an account. Details that match no
 * record send nothing.
 */
export async function tellMember(
  messaging: Messaging,
  started: RegistrationStart,
  { tenantName, origin }: Sender,
): Promise<void> {
  if (started.outcome === 'no_match') return;
  const { member } = started;
  if (started.outcome === 'already_registered') {
    const body = `Someone asked to create a ${tenantName} account for your pension record, but you already have one. Sign in at ${origin}/login. If it was not you, you need do nothing.`;
    if (member.email)
      await messaging.sendEmail({ to: member.email, subject: `Your ${tenantName} account`, body });
    else if (member.mobilePhone) await messaging.sendSms({ to: member.mobilePhone, body });
    return;
  }
  const link = `${origin}/register?registration=${started.registrationId}`;
  if (started.channel === 'email') {
    await messaging.sendEmail({
      to: member.email!,
      subject: `Your ${tenantName} security code`,
      body: `Your security code is ${started.code}. It expires in ${REGISTRATION_CODE_MINUTES} minutes. If you did not ask for it, ignore this email.`,
      secret: started.code,
    });
  } else if (started.channel === 'sms') {
    await messaging.sendSms({
      to: member.mobilePhone!,
      body: `Your ${tenantName} security code is ${started.code}. It expires in ${REGISTRATION_CODE_MINUTES} minutes.`,
      secret: started.code,
    });
  } else {
    await messaging.sendLetter({
      to: `${member.businessGroup}/${member.referenceNumber}`,
      subject: `Activate your ${tenantName} account`,
      body: `Dear ${member.title ?? ''} ${member.forenames} ${member.surname}. Your activation code is ${started.code}. To create your account, go to ${link} and enter it within ${REGISTRATION_LETTER_DAYS} days. If you did not ask for it, you need do nothing.`,
      secret: started.code,
    });
  }
}

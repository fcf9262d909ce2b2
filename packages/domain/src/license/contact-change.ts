import { z } from 'zod';
import { EMAIL_MAX_LENGTH, requiredEmailSchema } from '../formats/email.ts';
import { oneLine } from '../formats/plain-text.ts';
import { describeIssue } from '../messages/describe-issue.ts';
import { contactChangeMessages } from '../messages/contact-change.ts';
import { validationMessages } from '../messages/validation.ts';
import type { HolderType } from './enums.ts';
import { HOLDER_FORM_LABELS } from '../messages/holder-labels.ts';

const contactSchema = oneLine(z.string().trim().max(200));

/**
 * Body of `POST /api/v1/license/{id}/contact-change`: the bound holder's new contact person (for
 * organizations) and e-mail address with its confirmation. The holder name stays: it is the
 * sign-in credential.
 */
export const contactChangeSchema = z.strictObject({
  contact: contactSchema.nullish(),
  email: requiredEmailSchema,
  emailConfirmation: z.string().trim().max(EMAIL_MAX_LENGTH),
});
export type ContactChangeRequest = z.infer<typeof contactChangeSchema>;

/** A contact change as the holder's form and the confirmation page show it. */
export const contactChangeViewSchema = z.object({
  holderName: z.string(),
  contact: z.string().nullable(),
  email: z.string(),
  expiresAt: z.iso.datetime(),
});
export type ContactChangeView = z.infer<typeof contactChangeViewSchema>;

/**
 * A link's token as the API takes it (`GET /api/v1/contact-change?token=`, the body of `POST
 * /api/v1/contact-change/confirm`): any short text, so a cut or altered link is answered as the
 * link it is („ungültig”), not as a malformed request.
 */
export const contactChangeLinkSchema = z.strictObject({ token: z.string().max(100) });

/** What the contact form holds while it is filled in. */
export interface ContactFormValues {
  contact: string;
  email: string;
  emailConfirmation: string;
}
export type ContactFormField = keyof ContactFormValues;
export type ContactProblems = Partial<Record<ContactFormField, string>>;

/** The holder as it is: its type decides whether a contact person is asked for. */
export interface ContactFormRules {
  holderType: HolderType | null;
  contact: string | null;
  email: string | null;
}

const FIELD_SCHEMAS = {
  contact: contactSchema,
  email: requiredEmailSchema,
  emailConfirmation: contactChangeSchema.shape.emailConfirmation,
} as const;

/**
 * Every problem of a contact form, one German message per field, by the binding's rules: an
 * organization's contact person is required, the e-mail address valid, its confirmation asked for
 * only when the address is new; and something must change. The web form shows them; the API
 * answers the first with a 400.
 */
export function contactProblems(values: ContactFormValues, rules: ContactFormRules): ContactProblems {
  const problems: ContactProblems = {};
  for (const [field, schema] of Object.entries(FIELD_SCHEMAS) as [ContactFormField, z.ZodType][]) {
    const result = schema.safeParse(values[field]);
    if (!result.success) problems[field] = describeIssue(result.error.issues[0]!, HOLDER_FORM_LABELS[field]);
  }
  const organization = rules.holderType === 'organization';
  if (organization && !problems.contact && values.contact.trim() === '') {
    problems.contact = validationMessages.required(HOLDER_FORM_LABELS.contact);
  }
  const email = values.email.trim();
  const emailChanged = email.toLowerCase() !== (rules.email ?? '').trim().toLowerCase();
  if (emailChanged && !problems.emailConfirmation) {
    const confirmation = values.emailConfirmation.trim();
    if (confirmation === '') {
      problems.emailConfirmation = validationMessages.required(HOLDER_FORM_LABELS.emailConfirmation);
    } else if (confirmation !== email) {
      problems.emailConfirmation = validationMessages.confirmed(HOLDER_FORM_LABELS.email);
    }
  }
  const contactChanged = organization && values.contact.trim() !== (rules.contact ?? '');
  if (Object.keys(problems).length === 0 && email === (rules.email ?? '') && !contactChanged) {
    problems.email = contactChangeMessages.nothingChanged;
  }
  return problems;
}

/** The contact a valid form describes: a person's holder has no contact person. */
export function toNewContact(
  values: Pick<ContactFormValues, 'contact' | 'email'>,
  holderType: HolderType | null,
): { contact: string | null; email: string } {
  return {
    contact: holderType === 'organization' ? values.contact.trim() : null,
    email: values.email.trim(),
  };
}

import { z } from 'zod';
import { EMAIL_MAX_LENGTH, requiredEmailSchema } from '../formats/email.ts';
import { oneLine } from '../formats/plain-text.ts';
import { describeIssue } from '../messages/describe-issue.ts';
import { validationMessages } from '../messages/validation.ts';
import { HOLDER_TYPES, type HolderType, type LicenseClass } from './enums.ts';
import { HOLDER_FORM_LABELS, type HolderFormField } from '../messages/holder-labels.ts';
import { allowedHolderTypes } from './holder-types.ts';

export { HOLDER_FORM_LABELS, type HolderFormField };

/** Holder names are 8 to 54 characters (customer spec §5, §9). */
export const HOLDER_NAME_MIN_LENGTH = 8;
export const HOLDER_NAME_MAX_LENGTH = 54;
const CONTACT_MAX_LENGTH = 200;

/** Required, then 8 to 54 characters: an empty name is "missing", not "too short". */
const holderNameSchema = oneLine(
  z.string().trim().min(1).min(HOLDER_NAME_MIN_LENGTH).max(HOLDER_NAME_MAX_LENGTH),
);
const emailSchema = requiredEmailSchema;
const contactSchema = oneLine(z.string().trim().max(CONTACT_MAX_LENGTH));

/**
 * The holder a license is bound to, as the binding stores it: the shared core of the binding
 * form and of the holder an upgrade session carries for the license it will produce.
 */
export const holderDataSchema = z
  .strictObject({
    holderType: z.enum(HOLDER_TYPES),
    name: holderNameSchema,
    email: emailSchema,
    contact: contactSchema.nullable().default(null),
  })
  .superRefine((holder, context) => {
    if (holder.holderType === 'organization' && !holder.contact) {
      context.addIssue({ code: 'custom', path: ['contact'], message: 'required' });
    }
  });
export type HolderData = z.infer<typeof holderDataSchema>;

/**
 * Body of `POST /api/v1/license/{id}/holder` (customer spec §7): name, e-mail, its confirmation
 * and, for organizations, the contact. The holder type may be left out where the license's class
 * decides it; `holderProblems` checks what depends on the class and on other fields.
 */
export const holderBindingSchema = z.strictObject({
  holderType: z.enum(HOLDER_TYPES).optional(),
  name: holderNameSchema,
  contact: contactSchema.nullish(),
  email: emailSchema,
  emailConfirmation: z.string().trim().max(EMAIL_MAX_LENGTH),
});
export type HolderBinding = z.infer<typeof holderBindingSchema>;

/** What the binding form holds while it is filled in. */
export interface HolderFormValues {
  holderType: HolderType | null;
  name: string;
  contact: string;
  email: string;
  emailConfirmation: string;
  /** The two checkboxes; the form asks for them, the API does not receive them. */
  authorized?: boolean;
  privacyAccepted?: boolean;
}

export interface HolderFormRules {
  licenseClass: LicenseClass | null;
  /**
   * The e-mail address the holder already has (a bound license in the assistant): the
   * confirmation is asked for only when the address is new or changed.
   */
  knownEmail?: string | null;
  /** The form's checkboxes are part of it (the API's body has none). */
  consents: boolean;
}

export type HolderProblems = Partial<Record<HolderFormField, string>>;

const FIELD_SCHEMAS = {
  name: holderNameSchema,
  email: emailSchema,
  contact: contactSchema,
  emailConfirmation: holderBindingSchema.shape.emailConfirmation,
} as const;

/**
 * Every problem of a binding form, one German message per field (customer spec §5): the holder
 * type the class allows, name 8–54 characters, the contact of an organization, a valid e-mail
 * and its matching confirmation, both checkboxes. The web form shows them; the API answers the
 * first with a 400.
 */
export function holderProblems(values: HolderFormValues, rules: HolderFormRules): HolderProblems {
  const problems: HolderProblems = {};
  const allowed = allowedHolderTypes(rules.licenseClass);
  if (values.holderType === null) {
    if (allowed.length > 1) problems.holderType = validationMessages.required(HOLDER_FORM_LABELS.holderType);
  } else if (!allowed.includes(values.holderType)) {
    problems.holderType = validationMessages.invalid(HOLDER_FORM_LABELS.holderType);
  }
  for (const [field, schema] of Object.entries(FIELD_SCHEMAS) as [keyof typeof FIELD_SCHEMAS, z.ZodType][]) {
    const result = schema.safeParse(values[field]);
    if (!result.success) problems[field] = describeIssue(result.error.issues[0]!, HOLDER_FORM_LABELS[field]);
  }
  const holderType = values.holderType ?? (allowed.length === 1 ? allowed[0] : null);
  if (holderType === 'organization' && !problems.contact && values.contact.trim() === '') {
    problems.contact = validationMessages.required(HOLDER_FORM_LABELS.contact);
  }
  const email = values.email.trim();
  const needsConfirmation = !rules.knownEmail || email !== rules.knownEmail.trim();
  if (needsConfirmation && !problems.emailConfirmation) {
    const confirmation = values.emailConfirmation.trim();
    if (confirmation === '') {
      problems.emailConfirmation = validationMessages.required(HOLDER_FORM_LABELS.emailConfirmation);
    } else if (confirmation !== email) {
      problems.emailConfirmation = validationMessages.confirmed(HOLDER_FORM_LABELS.email);
    }
  }
  if (rules.consents) {
    for (const consent of ['authorized', 'privacyAccepted'] as const) {
      if (!values[consent]) problems[consent] = validationMessages.required(HOLDER_FORM_LABELS[consent]);
    }
  }
  return problems;
}

/** The holder a valid binding form describes (the holder type the class forces filled in). */
export function toHolderData(values: HolderFormValues, licenseClass: LicenseClass | null): HolderData {
  const allowed = allowedHolderTypes(licenseClass);
  const holderType = values.holderType ?? allowed[0]!;
  return holderDataSchema.parse({
    holderType,
    name: values.name,
    email: values.email,
    contact: holderType === 'organization' ? values.contact : null,
  });
}

/** The binding form's values of an API body (what the server checks with `holderProblems`). */
export function holderFormValues(body: HolderBinding): HolderFormValues {
  return {
    holderType: body.holderType ?? null,
    name: body.name,
    contact: body.contact ?? '',
    email: body.email,
    emailConfirmation: body.emailConfirmation,
  };
}

import { z } from 'zod';
import { requiredEmailSchema } from '../formats/email.ts';
import { COUNTRY_CODES } from '../countries/countries.ts';
import { oneLine, severalLines } from '../formats/plain-text.ts';

/** Reference and note of a billing address (customer spec §3, §9). */
export const MAX_REFERENCE_LENGTH = 30;
export const MAX_NOTE_LENGTH = 160;

// Names and address lines are one line each: they reach the offer PDF, mails and the shop.
const requiredText = (max: number) => oneLine(z.string().trim().min(1).max(max));
const optionalText = (max: number) => oneLine(z.string().trim().max(max)).default('');

/** The address fields billing and shipping share (spec §5: name, street, number, postcode, city, country). */
const addressShape = {
  name: requiredText(100),
  additional1: optionalText(100),
  additional2: optionalText(100),
  street: requiredText(100),
  houseNumber: requiredText(20),
  postcode: requiredText(20),
  city: requiredText(100),
  countryCode: z.enum(COUNTRY_CODES),
};

export const shippingSchema = z.strictObject(addressShape);
export type Shipping = z.infer<typeof shippingSchema>;

export const billingSchema = z.strictObject({
  ...addressShape,
  email: requiredEmailSchema,
  reference: optionalText(MAX_REFERENCE_LENGTH),
  note: severalLines(z.string().trim().max(MAX_NOTE_LENGTH)).default(''),
});
export type Billing = z.infer<typeof billingSchema>;

/**
 * Billing as far as the assistant knows it before the offer form: at least the country (prices
 * and VAT depend on it), everything else once it is entered.
 */
export const billingDraftSchema = billingSchema.partial().required({ countryCode: true });
export type BillingDraft = z.infer<typeof billingDraftSchema>;

import {
  assistantMessages,
  assistantScreens,
  describeIssue,
  dvdsDeliverableTo,
  fieldLabel,
  offerFormSchema,
  type AssistantContext,
  type BillingDraft,
  type OfferForm,
} from '@lizenzportal/domain';
import type { PendingField } from '@/components/ui/form-submit-button';

export interface AddressValues {
  name: string;
  additional1: string;
  additional2: string;
  street: string;
  houseNumber: string;
  postcode: string;
  city: string;
  countryCode: string;
}

/** What the offer form holds while it is filled in (customer spec §2 "offer_create"). */
export interface OfferFormValues {
  billing: AddressValues & { email: string; reference: string; note: string };
  emailConfirmation: string;
  shipToDifferentAddress: boolean;
  shipping: AddressValues;
}

const blankAddress = (countryCode: string): AddressValues => ({
  name: '',
  additional1: '',
  additional2: '',
  street: '',
  houseNumber: '',
  postcode: '',
  city: '',
  countryCode,
});

/** The form's start: what the assistant knows of the billing address (its country at least). */
export function initialOfferForm(billing: BillingDraft): OfferFormValues {
  const text = (value: string | undefined) => value ?? '';
  return {
    billing: {
      ...blankAddress(billing.countryCode),
      name: text(billing.name),
      additional1: text(billing.additional1),
      additional2: text(billing.additional2),
      street: text(billing.street),
      houseNumber: text(billing.houseNumber),
      postcode: text(billing.postcode),
      city: text(billing.city),
      email: text(billing.email),
      reference: text(billing.reference),
      note: text(billing.note),
    },
    emailConfirmation: '',
    shipToDifferentAddress: false,
    shipping: blankAddress(billing.countryCode),
  };
}

/** The form's values in the offer schema's shape: no shipping address unless one is wanted. */
function offerInput(values: OfferFormValues) {
  return {
    billing: values.billing,
    emailConfirmation: values.emailConfirmation,
    shipToDifferentAddress: values.shipToDifferentAddress,
    shipping: values.shipToDifferentAddress ? values.shipping : null,
  };
}

/**
 * What the machine's `CREATE_OFFER` carries: what the offer schema makes of the form (trimmed,
 * defaults filled in) — or, while the form has problems, its plain strings, which the machine's
 * guard refuses by the same schema.
 */
export function offerFormInput(values: OfferFormValues): OfferForm {
  const input = offerInput(values);
  const offer = offerFormSchema.safeParse(input);
  return offer.success ? offer.data : (input as OfferForm);
}

/** Field paths (`billing.name`, `shipping.countryCode`, `emailConfirmation`) to their one message. */
export type OfferFormProblems = Partial<Record<string, string>>;

/**
 * Every problem of the offer form, one German message per field, by the domain's offer schema
 * (required address fields, e-mail and its confirmation, reference ≤ 30, note ≤ 160) — and DVDs
 * go to a German address only.
 */
export function offerFormProblems(
  values: OfferFormValues,
  context: Pick<AssistantContext, 'dvdCount' | 'resellerLicenses'>,
): OfferFormProblems {
  const problems: OfferFormProblems = {};
  const result = offerFormSchema.safeParse(offerInput(values));
  for (const issue of result.error?.issues ?? []) {
    const path = issue.path.map(String).join('.');
    problems[path] ??= describeIssue(issue);
  }
  const dvds =
    context.dvdCount + context.resellerLicenses.reduce((sum, line) => sum + line.properties.dvdCount, 0);
  const delivery = values.shipToDifferentAddress ? 'shipping' : 'billing';
  if (dvds > 0 && !dvdsDeliverableTo(values[delivery].countryCode)) {
    problems[`${delivery}.countryCode`] ??= assistantMessages.dvdOnlyGermany;
  }
  return problems;
}

const ADDRESS_ORDER = [
  'name',
  'additional1',
  'additional2',
  'street',
  'houseNumber',
  'postcode',
  'city',
  'countryCode',
];
/** The form's fields in the order it shows them. */
const FIELD_ORDER = [
  'billing.email',
  'emailConfirmation',
  'billing.reference',
  'billing.note',
  ...ADDRESS_ORDER.map((field) => `billing.${field}`),
  ...ADDRESS_ORDER.map((field) => `shipping.${field}`),
];

/**
 * What keeps the offer from being requested, for the submit button's note: the fields with a
 * problem in the form's order, by their labels (a shipping field says so: both addresses share
 * the labels), missing when empty.
 */
export function offerFormPending(values: OfferFormValues, problems: OfferFormProblems): PendingField[] {
  const position = (path: string) => {
    const index = FIELD_ORDER.indexOf(path);
    return index === -1 ? FIELD_ORDER.length : index;
  };
  const valueAt = (path: string): unknown =>
    path
      .split('.')
      .reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], values);
  return Object.keys(problems)
    .sort((a, b) => position(a) - position(b))
    .map((path) => ({
      field: path,
      label: path.startsWith('shipping.')
        ? `${fieldLabel(path)} (${assistantScreens.shippingAddress})`
        : fieldLabel(path),
      missing: String(valueAt(path) ?? '').trim() === '',
    }));
}

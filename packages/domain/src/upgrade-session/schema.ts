import { z } from 'zod';
import { CREATABLE_LICENSE_VERSIONS } from '../license/enums.ts';
import { holderDataSchema } from '../license/holder-data.ts';
import { assistantMessages } from '../messages/assistant.ts';
import { licenseRuleMessages, validationMessages } from '../messages/validation.ts';
import { dvdsDeliverableTo } from '../countries/countries.ts';
import { billingDraftSchema, billingSchema, shippingSchema } from './address.ts';
import {
  MAX_MERGED_LICENSES,
  MAX_RESELLER_LICENSES,
  MAX_RESELLER_QUANTITY,
  MAX_RESELLER_SIZE,
  MAX_SEATS,
  MIN_SEATS,
  PURCHASABLE_CLASSES,
  PURCHASE_TYPES,
  UPGRADE_SESSION_STATUSES,
  type PurchasableClass,
} from './enums.ts';

type Issues = z.core.$RefinementCtx;

/** A personal license is one seat with at most one DVD; a license never has more DVDs than seats. */
function checkLicenseShape(
  license: { class: PurchasableClass; size: number; dvdCount: number },
  context: Issues,
  path: (string | number)[],
): void {
  if (license.class === 'personal' && license.size !== 1) {
    context.addIssue({
      code: 'custom',
      path: [...path, 'size'],
      message: licenseRuleMessages.personalIsOneSeat,
    });
  }
  if (license.class === 'personal' && license.dvdCount > 1) {
    context.addIssue({
      code: 'custom',
      path: [...path, 'dvdCount'],
      message: assistantMessages.personalAtMostOneDvd,
    });
  }
  if (license.dvdCount > license.size) {
    context.addIssue({
      code: 'custom',
      path: [...path, 'dvdCount'],
      message: licenseRuleMessages.dvdsExceedSize,
    });
  }
}

/** What one assistant purchase buys (new, upgrade, extension): the license's class, seats, DVDs. */
export const sessionPropertiesSchema = z
  .strictObject({
    class: z.enum(PURCHASABLE_CLASSES),
    size: z.int().min(MIN_SEATS).max(MAX_SEATS),
    dvdCount: z.int().min(0).max(MAX_SEATS),
  })
  .superRefine((properties, context) => checkLicenseShape(properties, context, []));
export type SessionProperties = z.infer<typeof sessionPropertiesSchema>;

/** One line of a reseller order: `quantity` licenses of this class, size and DVD count. */
export const resellerLicenseSchema = z
  .strictObject({
    uid: z.string().trim().min(1).max(40),
    class: z.enum(PURCHASABLE_CLASSES),
    properties: z.strictObject({
      size: z.int().min(1).max(MAX_RESELLER_SIZE),
      dvdCount: z.int().min(0).max(MAX_RESELLER_SIZE),
      delivery: z.literal('download'),
      licenseType: z.literal('full'),
    }),
    version: z.literal('9'),
    customerReference: z.string().trim().min(1).max(30),
    quantity: z.int().min(1).max(MAX_RESELLER_QUANTITY),
  })
  .superRefine((license, context) =>
    checkLicenseShape({ class: license.class, ...license.properties }, context, ['properties']),
  );
export type ResellerLicense = z.infer<typeof resellerLicenseSchema>;

const sessionHolderSchema = holderDataSchema.nullable();

const sessionContentShape = {
  purchaseType: z.enum(PURCHASE_TYPES),
  fromVersion: z.enum(CREATABLE_LICENSE_VERSIONS).nullable(),
  toVersion: z.literal('9'),
  properties: sessionPropertiesSchema.nullable(),
  billing: billingDraftSchema,
  shipToDifferentAddress: z.boolean(),
  shipping: shippingSchema.nullable(),
  resellerLicenses: z.array(resellerLicenseSchema).max(MAX_RESELLER_LICENSES),
};

type SessionContent = {
  purchaseType: (typeof PURCHASE_TYPES)[number];
  fromVersion: string | null;
  properties: z.infer<typeof sessionPropertiesSchema> | null;
  billing: { countryCode: string };
  shipToDifferentAddress: boolean;
  shipping: { countryCode: string } | null;
  resellerLicenses: ResellerLicense[];
  originalLicenses: string[];
};

/**
 * The rules a purchase's shape must follow before the server looks at any license: which
 * versions and licenses each purchase type names, and DVDs only to Germany.
 */
function checkPurchase(session: SessionContent, context: Issues): void {
  const issue = (path: string[], message: string) => context.addIssue({ code: 'custom', path, message });
  const { purchaseType, fromVersion, properties } = session;
  const takesLicenses = purchaseType === 'upgrade' || purchaseType === 'extension';
  if (takesLicenses && session.originalLicenses.length === 0) {
    issue(['originalLicenses'], assistantMessages.purchaseNeedsLicenses);
  }
  if (!takesLicenses && session.originalLicenses.length > 0) {
    issue(['originalLicenses'], assistantMessages.purchaseTakesNoLicenses);
  }
  if (purchaseType === 'extension' && session.originalLicenses.length > 1) {
    issue(['originalLicenses'], assistantMessages.extensionOneLicense);
  }
  const expectedFrom = { upgrade: '8', extension: '9', new: null, reseller: null }[purchaseType];
  if (fromVersion !== expectedFrom) issue(['fromVersion'], assistantMessages.wrongVersions);
  if (purchaseType === 'reseller') {
    if (properties !== null) issue(['properties'], assistantMessages.resellerTakesNoProperties);
    if (session.resellerLicenses.length === 0)
      issue(['resellerLicenses'], assistantMessages.resellerNoLicenses);
    // An order's items name their line by its uid: two lines of one uid would share one payment.
    const uids = session.resellerLicenses.map((line) => line.uid);
    if (new Set(uids).size < uids.length) issue(['resellerLicenses'], assistantMessages.resellerLineTwice);
  } else {
    // An update may start before its class is chosen; the properties follow by patch.
    if (purchaseType === 'new' && properties === null)
      issue(['properties'], assistantMessages.propertiesRequired);
    if (session.resellerLicenses.length > 0)
      issue(['resellerLicenses'], assistantMessages.purchaseTakesNoLicenses);
  }
  if (purchaseType === 'extension' && properties && properties.class !== 'pro') {
    issue(['properties', 'class'], assistantMessages.extensionIsPro);
  }
  const dvds =
    (properties?.dvdCount ?? 0) +
    session.resellerLicenses.reduce((sum, line) => sum + line.properties.dvdCount, 0);
  const deliveryCountry =
    session.shipToDifferentAddress && session.shipping
      ? session.shipping.countryCode
      : session.billing.countryCode;
  if (dvds > 0 && !dvdsDeliverableTo(deliveryCountry)) {
    issue(['billing', 'countryCode'], assistantMessages.dvdOnlyGermany);
  }
  if (session.shipToDifferentAddress && !session.shipping)
    issue(['shipping'], assistantMessages.shippingRequired);
}

/**
 * Body of `POST /api/v1/upgrade-session`. Upgrades and extensions prove each original license
 * with the access token its sign-in returned (`accessTokens[i]` belongs to `originalLicenses[i]`).
 */
export const createUpgradeSessionRequestSchema = z
  .strictObject({
    ...sessionContentShape,
    originalLicenses: z.array(z.uuid()).max(MAX_MERGED_LICENSES),
    accessTokens: z.array(z.string().min(1).max(4096)).max(MAX_MERGED_LICENSES),
  })
  .superRefine((request, context) => {
    checkPurchase(request, context);
    if (request.accessTokens.length !== request.originalLicenses.length) {
      context.addIssue({
        code: 'custom',
        path: ['accessTokens'],
        message: assistantMessages.accessTokensMismatch,
      });
    }
  });
export type CreateUpgradeSessionRequest = z.infer<typeof createUpgradeSessionRequestSchema>;

/**
 * Body of `PATCH /api/v1/upgrade-session/{id}` (with the session token): any of these fields.
 * The status is not among them: the server alone moves a session through its lifecycle.
 */
export const upgradeSessionPatchSchema = z
  .strictObject({
    properties: sessionPropertiesSchema.optional(),
    billing: billingDraftSchema.optional(),
    shipToDifferentAddress: z.boolean().optional(),
    shipping: shippingSchema.nullable().optional(),
    holder: sessionHolderSchema.optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, { message: 'Die Anfrage ändert nichts.' });
export type UpgradeSessionPatch = z.infer<typeof upgradeSessionPatchSchema>;

const offerRequestShape = {
  billing: billingSchema,
  shipToDifferentAddress: z.boolean(),
  shipping: shippingSchema.nullable(),
};

function checkShipping(offer: { shipToDifferentAddress: boolean; shipping: unknown }, context: Issues): void {
  if (offer.shipToDifferentAddress && !offer.shipping) {
    context.addIssue({ code: 'custom', path: ['shipping'], message: assistantMessages.shippingRequired });
  }
}

/** Body of `POST /api/v1/upgrade-session/{id}/offer`: the addresses of the offer form. */
export const offerRequestSchema = z.strictObject(offerRequestShape).superRefine(checkShipping);
export type OfferRequest = z.infer<typeof offerRequestSchema>;

/** The offer form (customer spec §2, §5): the offer request plus the repeated e-mail address. */
export const offerFormSchema = z
  .strictObject({ ...offerRequestShape, emailConfirmation: z.string().trim().min(1).max(254) })
  .superRefine((form, context) => {
    checkShipping(form, context);
    if (form.emailConfirmation !== form.billing.email) {
      context.addIssue({
        code: 'custom',
        path: ['emailConfirmation'],
        message: validationMessages.confirmed('E-Mail'),
      });
    }
  });
export type OfferForm = z.infer<typeof offerFormSchema>;

/** Body of `POST /api/v1/upgrade-session/offer-code`; the code is normalized by the server. */
export const offerCodeRequestSchema = z.strictObject({ offerCode: z.string().min(1).max(64) });
export const offerCodeResponseSchema = z.object({ offerToken: z.string() });

/** An upgrade session as its customer sees it (customer spec §3). */
export const upgradeSessionSchema = z.object({
  _id: z.uuid(),
  status: z.enum(UPGRADE_SESSION_STATUSES),
  ...sessionContentShape,
  holder: sessionHolderSchema,
  originalLicenses: z.array(z.uuid()),
  /** Seats of the original licenses together: what an extension adds to and an update replaces. */
  originalSeats: z.int().min(0),
  orderId: z.string().nullable(),
  offerNumber: z.string().nullable(),
  offerValidUntil: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type UpgradeSession = z.infer<typeof upgradeSessionSchema>;

/** Answer of the create call: the session and the token that authorizes its later calls. */
export const createUpgradeSessionResponseSchema = z.object({
  session: upgradeSessionSchema,
  token: z.string(),
});
export type CreateUpgradeSessionResponse = z.infer<typeof createUpgradeSessionResponseSchema>;
export const upgradeSessionResponseSchema = z.object({ session: upgradeSessionSchema });

/**
 * An offered session as its offer token reads it (the offer code reloads it in any browser): the
 * session and the keys of the licenses it updates or extends, in its order — the offer PDF names
 * them too. Nothing else of those licenses: no start code, no holder.
 */
export const offeredSessionSchema = upgradeSessionSchema.extend({
  originalLicenseKeys: z.array(z.string()),
});
export type OfferedSession = z.infer<typeof offeredSessionSchema>;
export const offeredSessionResponseSchema = z.object({ session: offeredSessionSchema });

/**
 * A session's whole content as stored: what a patch must leave valid. The server checks the
 * merged result of a patch with it (the same rules as the create call, without the tokens).
 */
export const upgradeSessionContentSchema = z
  .object({ ...sessionContentShape, originalLicenses: z.array(z.uuid()) })
  .superRefine(checkPurchase);

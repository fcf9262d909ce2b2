import { z } from 'zod';
import { requiredEmailSchema } from '../formats/email.ts';
import { oneLine } from '../formats/plain-text.ts';

export const DELIVERY_PROGRESSES = ['in-progress', 'completed', 'failed'] as const;
export type DeliveryProgress = (typeof DELIVERY_PROGRESSES)[number];

/** How far an order generation or a delivery got (back-office spec §4). */
export const PROGRESS_LABELS: Record<DeliveryProgress, string> = {
  'in-progress': 'In Bearbeitung',
  completed: 'Erfolgreich',
  failed: 'Fehlgeschlagen',
};

/** The documents of a license: the starter document while unbound, the license document once bound. */
export const LICENSE_DOCUMENT_TYPES = ['starter', 'license'] as const;
export type LicenseDocumentType = (typeof LICENSE_DOCUMENT_TYPES)[number];

/**
 * Every kind of document the portal makes and mails (a license's documents, and offers) by the
 * German name the back office shows and filters its deliveries by: a new kind is one line here.
 */
export const DOCUMENT_TYPE_LABELS = {
  starter: 'Startdokument',
  license: 'Lizenzdokument',
  offer: 'Angebot',
} satisfies Record<LicenseDocumentType, string> & Record<string, string>;
export type DocumentType = keyof typeof DOCUMENT_TYPE_LABELS;
/** The kinds, in the order of their labels (the deliveries' filter offers them so). */
export const DOCUMENT_TYPES = Object.keys(DOCUMENT_TYPE_LABELS) as [DocumentType, ...DocumentType[]];

/** Why a mail was sent; the two contact occasions send no document (issue 40). */
export const DELIVERY_OCCASIONS = [
  'order',
  'manual',
  'bind',
  'update',
  'recovery',
  'offer',
  'contact-confirmation',
  'contact-changed',
] as const;
export type DeliveryOccasion = (typeof DELIVERY_OCCASIONS)[number];

export const DELIVERY_OCCASION_LABELS: Record<DeliveryOccasion, string> = {
  order: 'Bestellung',
  manual: 'Manuell',
  bind: 'Bindung',
  update: 'Update',
  recovery: 'Wiederherstellung',
  offer: 'Angebot',
  'contact-confirmation': 'Kontaktänderung bestätigen',
  'contact-changed': 'Kontakt geändert',
};

/** The occasions whose mail is rendered from what the request said, not from records: never resent. */
export const UNRENDERABLE_OCCASIONS: readonly DeliveryOccasion[] = [
  'contact-confirmation',
  'contact-changed',
];

/** An e-mail delivery of documents as the API returns it (back-office spec, entity Delivery). */
export const deliverySchema = z.object({
  _id: z.uuid(),
  progress: z.enum(DELIVERY_PROGRESSES),
  /** Null for a mail that sends no document (a contact change's). */
  documentType: z.enum(DOCUMENT_TYPES).nullable(),
  occasion: z.enum(DELIVERY_OCCASIONS),
  orderGeneration: z.uuid().nullable(),
  /** The upgrade session whose offer the delivery sends (it names no licenses then). */
  upgradeSession: z.uuid().nullable(),
  recipient: z.string(),
  recipientName: z.string().nullable(),
  licenses: z.array(z.uuid()),
  note: z.string().nullable(),
  subject: z.string(),
  content: z.string(),
  error: z.string().nullable(),
  documents: z.array(z.string()),
  /**
   * The signed link to a ZIP of the documents, mailed instead of attachments that would have been
   * too large (decision 070), and until when it is valid; null for a mail with attachments.
   */
  documentsLink: z.object({ url: z.url(), expiresAt: z.iso.datetime() }).nullable(),
  attempts: z.int(),
  resentFrom: z.uuid().nullable(),
  sentAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Delivery = z.infer<typeof deliverySchema>;

/** Body of `POST /api/v1/license/{id}/delivery`: an admin sends a document by hand. */
export const manualDeliverySchema = z.strictObject({
  documentType: z.enum(LICENSE_DOCUMENT_TYPES),
  /** Defaults to the holder's e-mail address. */
  recipient: z.email().max(254).optional(),
  recipientName: oneLine(z.string().trim().max(200)).optional(),
  note: z.string().trim().max(2000).optional(),
});
export type ManualDelivery = z.infer<typeof manualDeliverySchema>;

/** Body of `POST /api/v1/license-recovery`. */
export const licenseRecoverySchema = z.strictObject({ email: requiredEmailSchema });

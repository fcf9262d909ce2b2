import { z } from 'zod';

/** What a back-office audit entry is about. */
export const AUDIT_ENTITIES = ['license', 'delivery', 'order-generation'] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** The admin changes the audit trail records. */
export const AUDIT_ACTIONS = [
  'created',
  'updated',
  'starter-document-generated',
  'license-document-generated',
  'resent',
  'retried',
  'order-undone',
  'imported',
  'contact-changed',
  'personal-data-erased',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  created: 'Angelegt',
  updated: 'Bearbeitet',
  'starter-document-generated': 'Startdokument erzeugt',
  'license-document-generated': 'Lizenzdokument erzeugt',
  resent: 'Erneut gesendet',
  retried: 'Erneut versucht',
  'order-undone': 'Bestellung rückabgewickelt',
  imported: 'Importiert',
  'contact-changed': 'Kontakt geändert (vom Lizenznehmer bestätigt)',
  'personal-data-erased': 'Personenbezogene Daten gelöscht',
};

/** One field an admin changed, in the API's dotted field names, with its values before and after. */
export const auditChangeSchema = z.object({
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditChange = z.infer<typeof auditChangeSchema>;

/** An entry of the audit trail: who changed what, when. */
export const auditEntrySchema = z.object({
  _id: z.uuid(),
  entity: z.enum(AUDIT_ENTITIES),
  entityId: z.uuid(),
  action: z.enum(AUDIT_ACTIONS),
  actor: z.string(),
  changes: z.array(auditChangeSchema),
  /** What the entry says beyond its changes: where an imported license came from. */
  note: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

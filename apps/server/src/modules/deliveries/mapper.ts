import type { Delivery } from '@lizenzportal/domain';
import type { DeliveryRow } from '../../db/schema.ts';

export function toDelivery(row: DeliveryRow): Delivery {
  return {
    _id: row.id,
    progress: row.progress,
    documentType: row.document_type,
    occasion: row.occasion,
    orderGeneration: row.order_generation,
    upgradeSession: row.upgrade_session,
    recipient: row.recipient,
    recipientName: row.recipient_name,
    licenses: row.licenses,
    note: row.note,
    subject: row.subject,
    content: row.content,
    error: row.error,
    documents: row.documents,
    documentsLink:
      row.documents_link && row.documents_link_expires_at
        ? { url: row.documents_link, expiresAt: row.documents_link_expires_at.toISOString() }
        : null,
    attempts: row.attempts,
    resentFrom: row.resent_from,
    sentAt: row.sent_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

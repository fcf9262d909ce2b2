import { DELIVERY_OCCASIONS, DELIVERY_PROGRESSES, DOCUMENT_TYPES } from '@lizenzportal/domain';
import type { ListFields } from '../../http/list-query.ts';

/** The delivery fields the back office may filter and sort by. */
export const DELIVERY_LIST_FIELDS: ListFields = {
  _id: { column: 'id', type: 'uuid' },
  progress: { column: 'progress', type: { enum: DELIVERY_PROGRESSES }, sortable: true },
  documentType: { column: 'document_type', type: { enum: DOCUMENT_TYPES }, sortable: true },
  occasion: { column: 'occasion', type: { enum: DELIVERY_OCCASIONS }, sortable: true },
  orderGeneration: { column: 'order_generation', type: 'uuid' },
  recipient: { column: 'recipient', type: 'text', sortable: true },
  recipientName: { column: 'recipient_name', type: 'text', sortable: true },
  licenses: { column: 'licenses', type: 'uuidArray' },
  note: { column: 'note', type: 'text' },
  subject: { column: 'subject', type: 'text', sortable: true },
  content: { column: 'content', type: 'text' },
  error: { column: 'error', type: 'text' },
  documents: { column: 'documents', type: 'textArray' },
  attempts: { column: 'attempts', type: 'number', sortable: true },
  sentAt: { column: 'sent_at', type: 'date', sortable: true },
  createdAt: { column: 'created_at', type: 'date', sortable: true },
  updatedAt: { column: 'updated_at', type: 'date', sortable: true },
};

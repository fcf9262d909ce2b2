import { DELIVERY_LIST_FIELDS } from '@lizenzportal/domain';
import { defineListEntity } from '../../lists/list-entity.ts';

/** The delivery list: the domain's fields and the columns behind them. */
export const DELIVERY_LIST = defineListEntity({
  table: 'delivery',
  fields: DELIVERY_LIST_FIELDS,
  columns: {
    _id: 'id',
    progress: 'progress',
    documentType: 'document_type',
    occasion: 'occasion',
    orderGeneration: 'order_generation',
    recipient: 'recipient',
    recipientName: 'recipient_name',
    licenses: 'licenses',
    note: 'note',
    subject: 'subject',
    content: 'content',
    error: 'error',
    documents: 'documents',
    attempts: 'attempts',
    resentFrom: 'resent_from',
    sentAt: 'sent_at',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
  },
});

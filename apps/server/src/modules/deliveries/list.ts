import { sql } from 'kysely';
import { DELIVERY_LIST } from '@lizenzportal/domain';
import { defineListEntity } from '../../lists/list-entity.ts';

/** The delivery list: the domain's declaration and the columns behind its fields. */
export const DELIVERY_LIST_ENTITY = defineListEntity({
  table: 'delivery',
  list: DELIVERY_LIST,
  columns: {
    _id: 'id',
    progress: 'progress',
    documentType: 'document_type',
    occasion: 'occasion',
    orderGeneration: 'order_generation',
    // An offer mail names its session; a mail of an order, the session through its generation.
    upgradeSession: sql`coalesce(delivery.upgrade_session, (select order_generation.upgrade_session from order_generation where order_generation.id = delivery.order_generation))`,
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
    resent: sql`exists (select from delivery as resend where resend.resent_from = delivery.id)`,
    sentAt: 'sent_at',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
  },
});

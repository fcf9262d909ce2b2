import { Badge } from '@mantine/core';
import { DELIVERY_OCCASION_LABELS, DOCUMENT_TYPE_LABELS, type Delivery } from '@lizenzportal/domain';

/** What a delivery sent and why: „Lizenzdokument · Bindung”; a mail without a document only why. */
export function DeliveryKind({ delivery }: { delivery: Pick<Delivery, 'documentType' | 'occasion'> }) {
  const occasion = DELIVERY_OCCASION_LABELS[delivery.occasion];
  return (
    <Badge variant="outline" color="gray">
      {delivery.documentType ? `${DOCUMENT_TYPE_LABELS[delivery.documentType]} · ${occasion}` : occasion}
    </Badge>
  );
}

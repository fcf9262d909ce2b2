import { Badge } from '@mantine/core';
import { DELIVERY_OCCASION_LABELS, DOCUMENT_TYPE_LABELS, type Delivery } from '@lizenzportal/domain';

/** What a delivery sent and why: „Lizenzdokument · Bindung”. */
export function DeliveryKind({ delivery }: { delivery: Pick<Delivery, 'documentType' | 'occasion'> }) {
  return (
    <Badge variant="outline" color="gray">
      {DOCUMENT_TYPE_LABELS[delivery.documentType]} · {DELIVERY_OCCASION_LABELS[delivery.occasion]}
    </Badge>
  );
}

import { Anchor, Stack, Text } from '@mantine/core';
import {
  backOfficeMessages,
  deliveryPageMessages,
  listFieldLabel,
  ORDER_GENERATION_LIST_FIELDS,
  orderPaymentMessages,
  recordMessages,
  type OrderGeneration,
  type OrderGenerationListFieldName,
} from '@lizenzportal/domain';
import { Link } from 'react-router';
import { backendOrderGenerationPath } from '@/lib/paths';
import { DateTimeText } from '../components/date-time-text.tsx';
import { Facts } from '../components/facts.tsx';
import { ProgressBadge } from '../components/progress-badge.tsx';
import type { ListColumns } from '../lists/list-table.tsx';
import { OrderProducts } from './order-products.tsx';
import { GrossAmount, PaymentFlags } from './order-payment.tsx';

/** A column's or fact's label: the label of the list field it shows. */
const label = (name: OrderGenerationListFieldName) => listFieldLabel(ORDER_GENERATION_LIST_FIELDS, name);

/** The shop generations' columns and opened rows (`/backend/order-generation`). */
export const orderGenerationColumns: ListColumns<OrderGeneration> = {
  columns: [
    {
      accessor: 'order',
      title: recordMessages.order,
      render: (generation) => (
        <Anchor component={Link} to={backendOrderGenerationPath(generation._id)}>
          {generation.order}
        </Anchor>
      ),
    },
    {
      accessor: 'progress',
      title: label('progress'),
      render: (generation) => <ProgressBadge progress={generation.progress} />,
    },
    {
      accessor: 'products',
      title: recordMessages.products,
      render: (generation) => <OrderProducts products={generation.products} />,
    },
    {
      accessor: 'payment',
      title: orderPaymentMessages.paid,
      render: (generation) => (
        <Stack gap={4}>
          <GrossAmount amounts={generation.payment.paid} currency={generation.payment.currency} />
          <PaymentFlags generation={generation} />
        </Stack>
      ),
    },
    {
      accessor: 'portalPrice',
      title: orderPaymentMessages.portalPrice,
      render: (generation) => <GrossAmount amounts={generation.payment.portal} currency={null} />,
    },
    {
      accessor: 'licenses',
      title: label('licenses'),
      render: (generation) => <Text size="sm">{generation.licenses.length}</Text>,
    },
    {
      accessor: 'createdAt',
      title: label('createdAt'),
      render: (generation) => <DateTimeText value={generation.createdAt} />,
    },
  ],
  expansion: (generation) => (
    <Stack gap="sm" p="sm">
      <Facts
        items={[
          [label('note'), generation.note ?? backOfficeMessages.noNote],
          [label('error'), generation.error],
          [label('licenses'), generation.licenses.length],
        ]}
      />
      <Anchor component={Link} to={backendOrderGenerationPath(generation._id)} size="sm">
        {deliveryPageMessages.openOrderGenerationDetails}
      </Anchor>
    </Stack>
  ),
};

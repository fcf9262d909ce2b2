import { Badge, Group, Text } from '@mantine/core';
import { formatMoneyIn, orderPaymentMessages as messages, type OrderGeneration } from '@lizenzportal/domain';
import { FactsPanel } from '../components/panel.tsx';

type Amounts = NonNullable<OrderGeneration['payment']['paid']>;

/** „Betrag weicht ab” and „Doppelt bezahlt?”, where they apply. */
export function PaymentFlags({ generation }: { generation: OrderGeneration }) {
  if (!generation.amountDiffers && generation.paidTwiceFor === null) return null;
  return (
    <Group gap={4}>
      {generation.paidTwiceFor !== null && (
        <Badge color="red" variant="light">
          {messages.paidTwice}
        </Badge>
      )}
      {generation.amountDiffers && (
        <Badge color="orange" variant="light">
          {messages.amountDiffers}
        </Badge>
      )}
    </Group>
  );
}

/** A gross amount in the order's currency, or „unbekannt”. */
export function GrossAmount({ amounts, currency }: { amounts: Amounts | null; currency: string | null }) {
  return <Text size="sm">{amounts ? formatMoneyIn(amounts.gross, currency) : messages.unknown}</Text>;
}

function amountsText(amounts: Amounts | null, currency: string | null): string {
  if (!amounts) return messages.unknown;
  const money = (cents: number) => formatMoneyIn(cents, currency);
  return messages.amounts(money(amounts.gross), money(amounts.net), money(amounts.tax));
}

/**
 * „Zahlung” of an order generation (decision 060): what the order paid for the portal's lines
 * beside the portal's price of them, the difference, the order's total and its coupons, and the
 * flags that put it under „Braucht Aufmerksamkeit”.
 */
export function PaymentPanel({ generation }: { generation: OrderGeneration }) {
  const { currency, paid, portal, orderGross, coupons } = generation.payment;
  const money = (cents: number) => formatMoneyIn(cents, currency);
  const foreign = currency !== null && currency !== 'EUR';
  return (
    <FactsPanel
      title={messages.panelTitle}
      items={[
        [
          messages.paid,
          foreign
            ? `${amountsText(paid, currency)}, ${messages.otherCurrency(currency)}`
            : amountsText(paid, currency),
        ],
        [messages.portalPrice, amountsText(portal, null)],
        [messages.difference, paid && portal && !foreign ? money(paid.gross - portal.gross) : null],
        [messages.orderTotal, orderGross === null ? messages.unknown : money(orderGross)],
        [
          messages.coupons,
          coupons.length === 0
            ? messages.noCoupons
            : coupons
                .map((coupon) =>
                  coupon.discount === null ? coupon.code : `${coupon.code} (−${money(coupon.discount)})`,
                )
                .join(', '),
        ],
        [
          messages.paidTwiceFor,
          generation.paidTwiceFor === null ? null : messages.firstOrder(generation.paidTwiceFor),
        ],
      ]}
    >
      <PaymentFlags generation={generation} />
      <Text size="xs" c="dimmed">
        {messages.explanation}
      </Text>
    </FactsPanel>
  );
}

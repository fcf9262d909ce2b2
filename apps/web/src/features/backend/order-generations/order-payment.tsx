import { Badge, Group, Stack, Text } from '@mantine/core';
import {
  formatDateTime,
  formatMoneyIn,
  orderPaymentMessages as messages,
  WITHDRAWAL_LABELS,
  type OrderGeneration,
  type OrderRefund,
} from '@lizenzportal/domain';
import { FactsPanel } from '../components/panel.tsx';

type Amounts = NonNullable<OrderGeneration['payment']['paid']>;

/** „Betrag weicht ab”, „Doppelt bezahlt?” and what became of refunds, where they apply. */
export function PaymentFlags({ generation }: { generation: OrderGeneration }) {
  if (!generation.amountDiffers && generation.paidTwiceFor === null && generation.withdrawal === null)
    return null;
  return (
    <Group gap={4}>
      {generation.withdrawal !== null && (
        <Badge color={generation.withdrawal === 'open' ? 'red' : 'gray'} variant="light">
          {WITHDRAWAL_LABELS[generation.withdrawal]}
        </Badge>
      )}
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

/** A refund with its day, amount and reason, and the lines it returned („Erstattet: 2 × M9-PER, 160,00 €, am …”). */
function RefundItem({ refund, money }: { refund: OrderRefund; money: (cents: number) => string }) {
  const at = formatDateTime(refund.at);
  return (
    <>
      <Text size="sm">{messages.refund(at, money(refund.gross), refund.reason)}</Text>
      {refund.lines?.map((line, index) => (
        <Text key={index} size="sm" pl="md">
          {messages.refundedLine(line.quantity, line.sku ?? line.name, money(line.gross), at)}
        </Text>
      ))}
    </>
  );
}

/**
 * „Zahlung” of an order generation (decision 060): what the order paid for the portal's lines
 * beside the portal's price of them, the difference, the order's total and its coupons, and the
 * flags that put it under „Braucht Aufmerksamkeit”.
 */
export function PaymentPanel({ generation }: { generation: OrderGeneration }) {
  const { currency, paid, portal, orderGross, coupons, refunds, refunded } = generation.payment;
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
        [messages.refunded, refunded && amountsText(refunded, currency)],
        [
          messages.remaining,
          refunded && orderGross !== null ? money(Math.max(0, orderGross - refunded.gross)) : null,
        ],
        [
          messages.refundsTitle,
          refunds.length === 0 && generation.withdrawnStatus === null ? null : (
            <Stack key="refunds" gap={2}>
              {refunds.map((refund) => (
                <RefundItem key={refund.id} refund={refund} money={money} />
              ))}
              {refunds.some((refund) => refund.lines === undefined) && (
                <Text size="sm" c={generation.refundLinesProblem ? 'orange' : 'dimmed'}>
                  {generation.refundLinesProblem ?? messages.refundLinesPending}
                </Text>
              )}
              {generation.withdrawnStatus !== null && generation.withdrawnAt !== null && (
                <Text size="sm">
                  {messages.withdrawnInShop(
                    generation.withdrawnStatus,
                    formatDateTime(generation.withdrawnAt),
                  )}
                </Text>
              )}
            </Stack>
          ),
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
      {refunded && (
        <Text size="xs" c="dimmed">
          {messages.refundsExplanation}
        </Text>
      )}
    </FactsPanel>
  );
}

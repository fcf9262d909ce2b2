import { Alert, Button, Group, List, SimpleGrid, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconInfoCircle } from '@tabler/icons-react';
import {
  assistantCart,
  assistantMessages,
  assistantScreens,
  countryName,
  isOtherEuCountry,
  LICENSE_CLASS_LABELS,
  PURCHASE_TYPE_LABELS,
} from '@lizenzportal/domain';
import type { ReactNode } from 'react';
import { useAssistant } from '../assistant-context.ts';
import { CartTable } from '../cart-table.tsx';
import { LicenseKeyLine, LicenseLine } from '../license-line.tsx';
import { StepFrame } from '../step-frame.tsx';
import { ModalDialog } from '@/components/ui/modal-dialog';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed" component="dt">
        {label}
      </Text>
      <Text component="dd" m={0} fw={500}>
        {children}
      </Text>
    </div>
  );
}

/**
 * What is ordered, the offer number of a reloaded offer, the licenses an update or extension
 * starts from (spec §2 „Review licenses”: signed in here, or named by the reloaded offer), the
 * priced cart; offer or cart next.
 */
export function SummaryStep() {
  const { snapshot, send } = useAssistant();
  const { context } = snapshot;
  const [requirementsOpen, requirements] = useDisclosure(false);
  const cart = assistantCart(context);
  const offerNumber = context.session?.offerNumber;
  return (
    <StepFrame title={assistantScreens.summaryTitle}>
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="sm" m={0}>
        {context.offerToken && offerNumber && <Fact label={assistantScreens.offerNumber}>{offerNumber}</Fact>}
        {context.purchaseType && (
          <Fact label={assistantScreens.purchaseType}>{PURCHASE_TYPE_LABELS[context.purchaseType]}</Fact>
        )}
        {context.purchaseType !== 'reseller' && context.licenseClass && (
          <>
            <Fact label={assistantScreens.licenseLabel}>{LICENSE_CLASS_LABELS[context.licenseClass]}</Fact>
            <Fact label={assistantScreens.seatsLabel}>{context.seatCount.toLocaleString('de-DE')}</Fact>
            <Fact label={assistantScreens.dvdsLabel}>{context.dvdCount.toLocaleString('de-DE')}</Fact>
          </>
        )}
        {context.holder && <Fact label={assistantScreens.holderLabel}>{context.holder.name}</Fact>}
        <Fact label={assistantScreens.countryOfInvoice}>{countryName(context.billing.countryCode)}</Fact>
      </SimpleGrid>
      {(context.authenticatedLicenses.length > 0 || context.offerLicenseKeys.length > 0) && (
        <div>
          <Text size="sm" c="dimmed" id="summary-licenses">
            {context.purchaseType === 'extension'
              ? assistantScreens.extendedLicense
              : assistantScreens.updatedLicenses}
          </Text>
          <List listStyleType="none" spacing={4} aria-labelledby="summary-licenses">
            {context.authenticatedLicenses.map(({ license }) => (
              <List.Item key={license._id}>
                <LicenseLine license={license} />
              </List.Item>
            ))}
            {context.offerLicenseKeys.map((licenseKey) => (
              <List.Item key={licenseKey}>
                <LicenseKeyLine licenseKey={licenseKey} />
              </List.Item>
            ))}
          </List>
        </div>
      )}
      {cart && <CartTable cart={cart} />}
      {isOtherEuCountry(context.billing.countryCode) && (
        <Alert color="blue" icon={<IconInfoCircle aria-hidden />}>
          {assistantMessages.taxFreeInvoice}
        </Alert>
      )}
      <Group justify="space-between">
        <Button variant="subtle" onClick={requirements.open}>
          {assistantScreens.systemRequirements}
        </Button>
        <Group>
          {context.offerToken === null && (
            <Button
              variant="outline"
              disabled={!snapshot.can({ type: 'OFFER' })}
              onClick={() => send({ type: 'OFFER' })}
            >
              {assistantScreens.createOffer}
            </Button>
          )}
          <Button disabled={!snapshot.can({ type: 'CART' })} onClick={() => send({ type: 'CART' })}>
            {assistantScreens.toCart}
          </Button>
        </Group>
      </Group>
      <ModalDialog
        opened={requirementsOpen}
        onClose={requirements.close}
        title={assistantScreens.systemRequirements}
        centered
      >
        <Text>{assistantScreens.systemRequirementsText}</Text>
      </ModalDialog>
    </StepFrame>
  );
}

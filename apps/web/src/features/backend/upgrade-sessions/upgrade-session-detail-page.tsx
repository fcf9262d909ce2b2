import { Button, Code, Stack, Tabs } from '@mantine/core';
import {
  ADDRESS_FIELD_LABELS,
  backOfficeMessages,
  fieldLabel,
  formatAddress,
  formatOfferCode,
  LICENSE_CLASS_LABELS,
  listFieldLabel,
  PURCHASE_TYPE_LABELS,
  recordMessages,
  UPGRADE_SESSION_LIST_FIELDS,
  upgradeSessionPageMessages as texts,
  yesNo,
  type UpgradeSessionListFieldName,
  type LicenseClass,
  type UpgradeSessionDetail,
} from '@lizenzportal/domain';
import { backendDeliveriesOfUpgradeSessionPath } from '@/lib/paths';
import { DateTimeText } from '../components/date-time-text.tsx';
import { ActionFailure } from '../components/action-failure.tsx';
import { useOpenStoredDocument } from '../components/open-document.ts';
import { RecordPage } from '../components/record-page.tsx';
import { useRecord } from '../components/use-record.ts';
import { LicenseLinks, PageLink } from '../components/page-link.tsx';
import { FactsPanel, Panel, PanelGrid } from '../components/panel.tsx';
import { ExtensionPanels } from './extension-panels.tsx';
import { SessionStatus } from './upgrade-session-labels.tsx';

/** A fact's label: the label of the upgrade session list's field it shows. */
const label = (name: UpgradeSessionListFieldName) => listFieldLabel(UPGRADE_SESSION_LIST_FIELDS, name);

const classLabel = (value: string) => LICENSE_CLASS_LABELS[value as LicenseClass] ?? value;

/** `/backend/upgrade-session/{id}`: the session's panels and its raw data. */
export function UpgradeSessionDetailPage() {
  const { record } = useRecord<'session', UpgradeSessionDetail>('/upgrade-session', 'session');
  const openDocument = useOpenStoredDocument();
  return (
    <RecordPage record={record} errorTitle={backOfficeMessages.upgradeSessionLoadFailed}>
      {(session) => (
        <Tabs defaultValue="properties" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="properties">{recordMessages.properties}</Tabs.Tab>
            <Tabs.Tab value="json">{recordMessages.json}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="properties" pt="md">
            <PanelGrid>
              <FactsPanel
                title={recordMessages.properties}
                items={[
                  [label('purchaseType'), PURCHASE_TYPE_LABELS[session.purchaseType]],
                  [label('status'), <SessionStatus key="status" status={session.status} />],
                  [label('createdAt'), <DateTimeText key="created" value={session.createdAt} />],
                  [label('updatedAt'), <DateTimeText key="updated" value={session.updatedAt} />],
                  [label('orderId'), session.orderId],
                  // Who buys: the offer's billing, or the order's buyer for a cart without an offer.
                  [label('billing.name'), session.billing.name || null],
                  [label('billing.email'), session.billing.email || null],
                ]}
              >
                <PageLink to={backendDeliveriesOfUpgradeSessionPath(session._id)}>
                  {backOfficeMessages.upgradeSessionDeliveries}
                </PageLink>
              </FactsPanel>
              <FactsPanel
                title={texts.details}
                items={[
                  [label('fromVersion'), session.fromVersion],
                  [label('toVersion'), session.toVersion],
                  [label('properties.class'), session.properties && classLabel(session.properties.class)],
                  [label('properties.size'), session.properties?.size ?? null],
                  [fieldLabel('properties.dvdCount'), session.properties?.dvdCount ?? null],
                  [label('holder.name'), session.holder?.name ?? null],
                ]}
              />
              {session.offerNumber && (
                <FactsPanel
                  title={texts.offer}
                  items={[
                    [label('offerNumber'), session.offerNumber],
                    [texts.offerCode, session.offerCode && formatOfferCode(session.offerCode)],
                    [texts.validUntil, <DateTimeText key="valid" value={session.offerValidUntil} />],
                    [ADDRESS_FIELD_LABELS['billing.reference']!, session.billing.reference ?? null],
                    [ADDRESS_FIELD_LABELS['billing.note']!, session.billing.note ?? null],
                    [texts.billingAddress, formatAddress(session.billing) || null],
                    [label('shipToDifferentAddress'), yesNo(session.shipToDifferentAddress)],
                    [texts.shippingAddress, session.shipping && formatAddress(session.shipping)],
                  ]}
                >
                  {session.offerDocument && (
                    <Button
                      size="xs"
                      variant="light"
                      w="fit-content"
                      loading={openDocument.running !== undefined}
                      onClick={() => openDocument.start(session.offerDocument!)}
                    >
                      {texts.openOfferDocument}
                    </Button>
                  )}
                  <ActionFailure {...openDocument.failure} />
                </FactsPanel>
              )}
              {session.beforeExtension && (
                <ExtensionPanels before={session.beforeExtension} productLicense={session.productLicense} />
              )}
              <Panel title={label('originalLicenses')}>
                <LicenseLinks ids={session.originalLicenses} empty={backOfficeMessages.noLicenses} />
              </Panel>
              <Panel title={label('productLicense')}>
                <LicenseLinks
                  ids={session.productLicense ? [session.productLicense] : []}
                  empty={backOfficeMessages.noLicense}
                />
              </Panel>
            </PanelGrid>
          </Tabs.Panel>
          <Tabs.Panel value="json" pt="md">
            <Stack>
              <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {JSON.stringify(session, null, 2)}
              </Code>
            </Stack>
          </Tabs.Panel>
        </Tabs>
      )}
    </RecordPage>
  );
}

import { Anchor, Button, Code, List, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import {
  ADDRESS_FIELD_LABELS,
  backOfficeMessages,
  fieldLabel,
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
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { backendDeliveriesOfUpgradeSessionPath, backendLicensePath } from '@/lib/paths';
import { DateTimeText } from '../components/date-time-text.tsx';
import { Facts } from '../components/facts.tsx';
import { openStoredDocument } from '../components/open-document.ts';
import { RecordPage } from '../components/record-page.tsx';
import { useRecord } from '../components/use-record.ts';
import { Panel } from '../components/panel.tsx';
import { ExtensionPanels } from './extension-panels.tsx';
import { SessionStatus } from './upgrade-session-labels.tsx';

type Address = Record<string, string | null | undefined> | null;

function address(value: Address, fields: string[]): ReactNode {
  if (!value) return null;
  const lines = fields.map((field) => value[field]).filter(Boolean);
  return lines.length === 0 ? null : lines.join(', ');
}

const ADDRESS_LINES = [
  'name',
  'additional1',
  'additional2',
  'street',
  'houseNumber',
  'postcode',
  'city',
  'countryCode',
];

/** A fact's label: the label of the upgrade session list's field it shows. */
const label = (name: UpgradeSessionListFieldName) => listFieldLabel(UPGRADE_SESSION_LIST_FIELDS, name);

const classLabel = (value: string) => LICENSE_CLASS_LABELS[value as LicenseClass] ?? value;

/** `/backend/upgrade-session/{id}`: the session's panels and its raw data. */
export function UpgradeSessionDetailPage() {
  const { id = '' } = useParams();
  const record = useRecord<'session', UpgradeSessionDetail>(`/upgrade-session/${id}`, 'session');
  return (
    <RecordPage record={record} errorTitle={backOfficeMessages.upgradeSessionLoadFailed}>
      {(session) => (
        <Tabs defaultValue="properties" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="properties">{recordMessages.properties}</Tabs.Tab>
            <Tabs.Tab value="json">{recordMessages.json}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="properties" pt="md">
            <SimpleGrid cols={{ base: 1, lg: 2 }}>
              <Panel title={recordMessages.properties}>
                <Facts
                  columns={2}
                  items={[
                    [label('purchaseType'), PURCHASE_TYPE_LABELS[session.purchaseType]],
                    [label('status'), <SessionStatus key="status" status={session.status} />],
                    [label('createdAt'), <DateTimeText key="created" value={session.createdAt} />],
                    [label('updatedAt'), <DateTimeText key="updated" value={session.updatedAt} />],
                    [label('orderId'), session.orderId],
                  ]}
                />
                <Anchor component={Link} to={backendDeliveriesOfUpgradeSessionPath(session._id)} size="sm">
                  {backOfficeMessages.upgradeSessionDeliveries}
                </Anchor>
              </Panel>
              <Panel title={texts.details}>
                <Facts
                  columns={2}
                  items={[
                    [label('fromVersion'), session.fromVersion],
                    [label('toVersion'), session.toVersion],
                    [label('properties.class'), session.properties && classLabel(session.properties.class)],
                    [label('properties.size'), session.properties?.size ?? null],
                    [fieldLabel('properties.dvdCount'), session.properties?.dvdCount ?? null],
                    [label('holder.name'), session.holder?.name ?? null],
                  ]}
                />
              </Panel>
              {session.offerNumber && (
                <Panel title={texts.offer}>
                  <Facts
                    columns={2}
                    items={[
                      [label('offerNumber'), session.offerNumber],
                      [texts.offerCode, session.offerCode],
                      [texts.validUntil, <DateTimeText key="valid" value={session.offerValidUntil} />],
                      [ADDRESS_FIELD_LABELS['billing.email']!, session.billing.email ?? null],
                      [ADDRESS_FIELD_LABELS['billing.reference']!, session.billing.reference ?? null],
                      [ADDRESS_FIELD_LABELS['billing.note']!, session.billing.note ?? null],
                      [texts.billingAddress, address(session.billing as Address, ADDRESS_LINES)],
                      [label('shipToDifferentAddress'), yesNo(session.shipToDifferentAddress)],
                      [texts.shippingAddress, address(session.shipping as Address, ADDRESS_LINES)],
                    ]}
                  />
                  {session.offerDocument && (
                    <Button
                      size="xs"
                      variant="light"
                      w="fit-content"
                      onClick={() => void openStoredDocument(session.offerDocument!)}
                    >
                      {texts.openOfferDocument}
                    </Button>
                  )}
                </Panel>
              )}
              {session.beforeExtension && (
                <ExtensionPanels before={session.beforeExtension} productLicense={session.productLicense} />
              )}
              <Panel title={label('originalLicenses')}>
                {session.originalLicenses.length === 0 ? (
                  <Text size="sm">{backOfficeMessages.noLicenses}</Text>
                ) : (
                  <List size="sm">
                    {session.originalLicenses.map((license) => (
                      <List.Item key={license}>
                        <Anchor component={Link} to={backendLicensePath(license)} size="sm">
                          {license}
                        </Anchor>
                      </List.Item>
                    ))}
                  </List>
                )}
              </Panel>
              <Panel title={label('productLicense')}>
                {session.productLicense ? (
                  <Anchor component={Link} to={backendLicensePath(session.productLicense)} size="sm">
                    {session.productLicense}
                  </Anchor>
                ) : (
                  <Text size="sm">{backOfficeMessages.noLicense}</Text>
                )}
              </Panel>
            </SimpleGrid>
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

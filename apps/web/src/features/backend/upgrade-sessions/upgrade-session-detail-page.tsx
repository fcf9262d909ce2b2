import { Anchor, Button, Code, List, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  ADDRESS_FIELD_LABELS,
  backOfficeMessages,
  LICENSE_CLASS_LABELS,
  PURCHASE_TYPE_LABELS,
  type LicenseClass,
  type UpgradeSessionDetail,
} from '@lizenzportal/domain';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { apiRequest } from '@/lib/api';
import { backendDeliveriesOfUpgradeSessionPath, backendLicensePath } from '@/lib/paths';
import { DateTimeText } from '../components/date-time-text.tsx';
import { Facts } from '../components/facts.tsx';
import { RecordPage } from '../components/record-page.tsx';
import { useRecord } from '../components/use-record.ts';
import { Panel } from '../order-generations/order-generation-detail-page.tsx';
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

const classLabel = (value: string) => LICENSE_CLASS_LABELS[value as LicenseClass] ?? value;

async function openDocument(documentKey: string) {
  try {
    const { url } = await apiRequest<{ url: string }>('/document/url', {
      method: 'POST',
      body: { documentKey },
    });
    window.open(url, '_blank', 'noopener');
  } catch (error) {
    notifications.show({ color: 'red', message: backOfficeMessages.failed((error as Error).message) });
  }
}

/** `/backend/upgrade-session/{id}`: the session's panels and its raw data. */
export function UpgradeSessionDetailPage() {
  const { id = '' } = useParams();
  const record = useRecord<'session', UpgradeSessionDetail>(`/upgrade-session/${id}`, 'session');
  return (
    <RecordPage record={record} errorTitle={backOfficeMessages.upgradeSessionLoadFailed}>
      {(session) => (
        <Tabs defaultValue="properties" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="properties">Eigenschaften</Tabs.Tab>
            <Tabs.Tab value="json">JSON</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="properties" pt="md">
            <SimpleGrid cols={{ base: 1, lg: 2 }}>
              <Panel title="Eigenschaften">
                <Facts
                  columns={2}
                  items={[
                    ['Art', PURCHASE_TYPE_LABELS[session.purchaseType]],
                    ['Status', <SessionStatus key="status" status={session.status} />],
                    ['Erzeugt am', <DateTimeText key="created" value={session.createdAt} />],
                    ['Zuletzt geändert', <DateTimeText key="updated" value={session.updatedAt} />],
                    ['Bestellung', session.orderId],
                  ]}
                />
                <Anchor component={Link} to={backendDeliveriesOfUpgradeSessionPath(session._id)} size="sm">
                  {backOfficeMessages.upgradeSessionDeliveries}
                </Anchor>
              </Panel>
              <Panel title="Details">
                <Facts
                  columns={2}
                  items={[
                    ['Von Version', session.fromVersion],
                    ['Nach Version', session.toVersion],
                    ['Klasse', session.properties && classLabel(session.properties.class)],
                    ['Größe', session.properties?.size ?? null],
                    ['DVD-Anzahl', session.properties?.dvdCount ?? null],
                    ['Lizenznehmer', session.holder?.name ?? null],
                  ]}
                />
              </Panel>
              {session.offerNumber && (
                <Panel title="Angebot">
                  <Facts
                    columns={2}
                    items={[
                      ['Angebot-Nr.', session.offerNumber],
                      ['Angebotscode', session.offerCode],
                      ['Gültig bis', <DateTimeText key="valid" value={session.offerValidUntil} />],
                      [ADDRESS_FIELD_LABELS['billing.email']!, session.billing.email ?? null],
                      [ADDRESS_FIELD_LABELS['billing.reference']!, session.billing.reference ?? null],
                      [ADDRESS_FIELD_LABELS['billing.note']!, session.billing.note ?? null],
                      ['Rechnungsadresse', address(session.billing as Address, ADDRESS_LINES)],
                      ['Abweichende Lieferadresse', session.shipToDifferentAddress ? 'Ja' : 'Nein'],
                      ['Lieferadresse', address(session.shipping as Address, ADDRESS_LINES)],
                    ]}
                  />
                  {session.offerDocument && (
                    <Button
                      size="xs"
                      variant="light"
                      w="fit-content"
                      onClick={() => void openDocument(session.offerDocument!)}
                    >
                      Angebotsdokument öffnen
                    </Button>
                  )}
                </Panel>
              )}
              {session.beforeExtension && (
                <Panel title="Vor der Erweiterung">
                  <Facts
                    columns={2}
                    items={[
                      ['Klasse vorher', classLabel(session.beforeExtension.properties.class)],
                      ['Größe vorher', session.beforeExtension.properties.size],
                      ['DVD-Anzahl vorher', session.beforeExtension.properties.dvdCount],
                      ['Lizenznehmer vorher', session.beforeExtension.holder?.name ?? null],
                      ['Größe nachher', session.properties?.size ?? null],
                      ['Lizenznehmer nachher', session.holder?.name ?? null],
                    ]}
                  />
                </Panel>
              )}
              <Panel title="Ursprüngliche Lizenzen">
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
              <Panel title="Erzeugte Lizenz">
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

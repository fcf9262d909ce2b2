import { Code, Tabs } from '@mantine/core';
import {
  backOfficeMessages,
  findListField,
  LICENSE_LIST_FIELDS,
  licensePageMessages,
  recordMessages,
  type Delivery,
  type License,
  type OrderGeneration,
  type UpgradeSessionDetail,
} from '@lizenzportal/domain';
import { useParams } from 'react-router';
import { backendUpgradeSessionPath } from '@/lib/paths';
import { AuditTrail } from '../../components/audit-trail.tsx';
import { RecordPage } from '../../components/record-page.tsx';
import { LicensePropertiesTab } from './license-properties-tab.tsx';
import {
  DeliveryItem,
  OrderGenerationItem,
  RelatedList,
  relatedTexts,
  UpgradeSessionItem,
} from '../../components/related-lists.tsx';
import { useLicense } from '../../components/use-license.ts';

const auditFieldLabel = (field: string) => findListField(LICENSE_LIST_FIELDS, field)?.label ?? field;

/** `/backend/license/{id}`: „Details der Lizenz {id}” with its tabs. */
export function LicenseDetailPage() {
  const { id = '' } = useParams();
  const license = useLicense(id);
  return (
    <RecordPage record={license} errorTitle={backOfficeMessages.licenseLoadFailed}>
      {(data) => (
        <LicenseTabs
          license={data.license}
          onReload={async () => {
            const reloaded = await license.refetch();
            return reloaded.isError ? undefined : reloaded.data?.license;
          }}
        />
      )}
    </RecordPage>
  );
}

/** The license's tabs: its fields (read and edit), raw JSON, and what happened to it. */
function LicenseTabs({
  license,
  onReload,
}: {
  license: License;
  onReload: () => Promise<License | undefined>;
}) {
  const id = license._id;
  return (
    <Tabs defaultValue="properties" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="properties">{recordMessages.properties}</Tabs.Tab>
        <Tabs.Tab value="json">{recordMessages.json}</Tabs.Tab>
        <Tabs.Tab value="order-generations">{licensePageMessages.orderGenerationsTab}</Tabs.Tab>
        <Tabs.Tab value="deliveries">{recordMessages.deliveries}</Tabs.Tab>
        <Tabs.Tab value="upgrade-sessions">{licensePageMessages.upgradeSessionsTab}</Tabs.Tab>
        <Tabs.Tab value="audit">{recordMessages.auditTrail}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="properties" pt="md">
        <LicensePropertiesTab license={license} onReload={onReload} />
      </Tabs.Panel>
      <Tabs.Panel value="json" pt="md">
        <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {JSON.stringify(license, null, 2)}
        </Code>
      </Tabs.Panel>
      <Tabs.Panel value="order-generations" pt="md">
        <RelatedList<OrderGeneration>
          path={`/license/${id}/order-generation`}
          read={(data) => data['orderGenerations'] ?? []}
          {...relatedTexts.orderGenerations}
          item={(generation) => <OrderGenerationItem generation={generation} />}
        />
      </Tabs.Panel>
      <Tabs.Panel value="deliveries" pt="md">
        <RelatedList<Delivery>
          path={`/license/${id}/delivery`}
          read={(data) => data['deliveries'] ?? []}
          {...relatedTexts.deliveries}
          item={(delivery) => <DeliveryItem delivery={delivery} />}
        />
      </Tabs.Panel>
      <Tabs.Panel value="upgrade-sessions" pt="md">
        <RelatedList<UpgradeSessionDetail>
          path={`/license/${id}/upgrade-session`}
          read={(data) => data['items'] ?? []}
          errorTitle={backOfficeMessages.upgradeSessionsLoadFailed}
          emptyText={backOfficeMessages.noUpgradeSessions}
          item={(session) => (
            <UpgradeSessionItem session={session} link={backendUpgradeSessionPath(session._id)} />
          )}
        />
      </Tabs.Panel>
      <Tabs.Panel value="audit" pt="md">
        <AuditTrail path={`/license/${id}`} fieldLabel={auditFieldLabel} />
      </Tabs.Panel>
    </Tabs>
  );
}

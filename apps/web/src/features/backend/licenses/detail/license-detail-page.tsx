import { Code, Loader, Tabs } from '@mantine/core';
import {
  backOfficeMessages,
  licensePageMessages,
  LOADING_LABEL,
  recordMessages,
  type Delivery,
  type OrderGeneration,
  type UpgradeSessionDetail,
} from '@lizenzportal/domain';
import { useParams } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { Page } from '@/components/ui/page';
import { errorStatus } from '@/lib/api';
import { backendUpgradeSessionPath } from '@/lib/paths';
import { AuditTrail } from '../../components/audit-trail.tsx';
import { LICENSE_LIST_FIELDS, findListField } from '@lizenzportal/domain';
import { LicensePropertiesTab } from './license-properties-tab.tsx';
import {
  DeliveryItem,
  OrderGenerationItem,
  RelatedList,
  relatedTexts,
  UpgradeSessionItem,
} from './related-lists.tsx';
import { useLicense } from './use-license.ts';

const auditFieldLabel = (field: string) => findListField(LICENSE_LIST_FIELDS, field)?.label ?? field;

/** `/backend/license/{id}`: „Details der Lizenz {id}” with its tabs. */
export function LicenseDetailPage() {
  const { id = '' } = useParams();
  const license = useLicense(id);
  return (
    <Page>
      {license.isPending ? (
        <Loader role="status" aria-label={LOADING_LABEL} />
      ) : license.error ? (
        <ErrorBox
          title={backOfficeMessages.licenseLoadFailed}
          status={errorStatus(license.error)}
          message={license.error.message}
          onRetry={() => void license.refetch()}
          retrying={license.isFetching}
        />
      ) : (
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
            <LicensePropertiesTab license={license.data.license} onReload={() => void license.refetch()} />
          </Tabs.Panel>
          <Tabs.Panel value="json" pt="md">
            <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {JSON.stringify(license.data.license, null, 2)}
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
      )}
    </Page>
  );
}

import {
  backOfficeMessages,
  DELIVERY_LABELS,
  fieldLabel,
  HOLDER_TYPE_LABELS,
  LICENSE_CLASS_LABELS,
  LICENSE_TYPE_LABELS,
  upgradeSessionPageMessages,
  type BeforeExtension,
  type License,
  type LicenseClass,
} from '@lizenzportal/domain';
import { Facts } from '../components/facts.tsx';
import { RecordState } from '../components/record-page.tsx';
import { useLicense } from '../components/use-license.ts';
import { Panel } from '../components/panel.tsx';

/** What both panels show of a license: its properties and holder (snapshots may lack type and delivery). */
interface LicenseState {
  properties: BeforeExtension['properties'] | License['properties'];
  holder: BeforeExtension['holder'] | License['holder'];
}

/**
 * An extension's panels (back-office spec §2): the license's properties and holder before the
 * extension, as the order generation kept them, and the license it grew into, as it is now.
 */
export function ExtensionPanels({
  before,
  productLicense,
}: {
  before: BeforeExtension;
  productLicense: string | null;
}) {
  return (
    <>
      <Panel title={upgradeSessionPageMessages.beforeExtension}>
        <LicenseStateFacts state={before} />
      </Panel>
      {productLicense && <AfterExtension licenseId={productLicense} />}
    </>
  );
}

function AfterExtension({ licenseId }: { licenseId: string }) {
  const license = useLicense(licenseId);
  return (
    <Panel title={upgradeSessionPageMessages.afterExtension}>
      <RecordState record={license} errorTitle={backOfficeMessages.licenseLoadFailed} loaderSize="sm">
        {(found) => <LicenseStateFacts state={found.license} />}
      </RecordState>
    </Panel>
  );
}

function LicenseStateFacts({ state: { properties, holder } }: { state: LicenseState }) {
  return (
    <Facts
      columns={2}
      items={[
        [
          fieldLabel('properties.class'),
          LICENSE_CLASS_LABELS[properties.class as LicenseClass] ?? properties.class,
        ],
        [fieldLabel('properties.type'), properties.type && LICENSE_TYPE_LABELS[properties.type]],
        [fieldLabel('properties.size'), properties.size],
        [fieldLabel('properties.delivery'), properties.delivery && DELIVERY_LABELS[properties.delivery]],
        [fieldLabel('properties.dvdCount'), properties.dvdCount],
        [fieldLabel('holder.holderType'), holder?.holderType && HOLDER_TYPE_LABELS[holder.holderType]],
        [fieldLabel('holder.name'), holder?.name],
        [fieldLabel('holder.email'), holder?.email],
        [fieldLabel('holder.contact'), holder?.contact],
      ]}
    />
  );
}

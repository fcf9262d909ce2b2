import type { License } from '@lizenzportal/domain';
import { Page } from '@/components/ui/page';
import { AfterBindingPanel } from './after-binding-panel.tsx';
import { LicenseBox } from './license-box.tsx';
import { UnboundNotice } from './unbound-notice.tsx';
import { UpgradeBanner } from './upgrade-banner.tsx';

/** "Meine Lizenz": the start page of a signed-in license. */
export function LicenseOverviewPage({ license }: { license: License }) {
  return (
    <Page>
      {license.version === '8' && <UpgradeBanner />}
      <LicenseBox license={license} />
      {license.status === 'unbound' && <UnboundNotice />}
      {license.status === 'bound' && <AfterBindingPanel license={license} />}
    </Page>
  );
}

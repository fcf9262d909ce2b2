import type { License } from '@lizenzportal/domain';
import { lazy, Suspense, useRef, useState } from 'react';
import { focusAfterAction } from '@/lib/focus-after-action';
import { Page } from '@/components/ui/page';
import { PageLoader } from '@/components/ui/page-loader';
import { AfterBindingPanel } from './after-binding-panel.tsx';
import { ContactChangeSection } from './contact-change-section.tsx';
import { LicenseBox } from './license-box.tsx';
import { OwnDocument } from './own-document.tsx';
import { UnboundNotice } from './unbound-notice.tsx';
import { UpgradeBanner } from './upgrade-banner.tsx';

/**
 * The holder form with its fields, rules and messages loads only for an unbound license: a bound
 * holder, who comes back to this page, does not load it (decision 054).
 */
const BindingForm = lazy(async () => ({ default: (await import('./binding-form.tsx')).BindingForm }));

/** "Meine Lizenz": the start page of a signed-in license; an unbound one is bound here, a bound one changes its contact. */
export function LicenseOverviewPage({ license }: { license: License }) {
  // Set by a binding in this visit: the panel then says that the license document is on its way.
  const [justBound, setJustBound] = useState(false);
  const boundPanel = useRef<HTMLDivElement>(null);
  return (
    <Page>
      {license.version === '8' && <UpgradeBanner />}
      <LicenseBox license={license} />
      {license.status === 'unbound' && (
        <>
          <UnboundNotice />
          <Suspense fallback={<PageLoader />}>
            <BindingForm
              license={license}
              onBound={() => {
                setJustBound(true);
                // The form gives way to the panel that says what the bound license offers.
                focusAfterAction(() => boundPanel.current);
              }}
            />
          </Suspense>
          <OwnDocument license={license} />
        </>
      )}
      {license.status === 'bound' && (
        <>
          <AfterBindingPanel ref={boundPanel} license={license} justBound={justBound} />
          <OwnDocument license={license} />
          <ContactChangeSection license={license} />
        </>
      )}
    </Page>
  );
}

import { Container, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useActorRef, useSelector } from '@xstate/react';
import {
  assistantMachine,
  assistantScreens,
  assistantStep,
  documentTitle,
  GENERIC_SERVER_ERROR,
  NO_CONNECTION_MESSAGE,
  type AssistantStep,
} from '@lizenzportal/domain';
import { useEffect, useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import { ErrorBox } from '@/components/ui/error-box';
import { PageLoader } from '@/components/ui/page-loader';
import { failedCall } from '@/lib/api';
import { useSettings, type PortalSettings } from '@/lib/settings';
import * as api from './api.ts';
import { AssistantViewContext, type FieldNotice } from './assistant-context.ts';
import { shopChannel } from './shop-messages.ts';
import { laterFormGuards, useLaterSteps } from './use-later-steps.ts';
import { useFrameHeight } from './use-frame-height.ts';
import { WelcomeStep } from './steps/welcome-step.tsx';
import type { LaterStepScreens } from './steps/later-steps.ts';

/** The screen of every step after the welcome step, in the later steps' module. */
const LATER_SCREENS: Record<Exclude<AssistantStep, 'welcome'>, keyof LaterStepScreens> = {
  country_select: 'CountryStep',
  country_select_other: 'OtherCountryStep',
  start: 'StartStep',
  update_eligibility: 'EligibilityStep',
  update_not_eligible: 'NotEligibleStep',
  license_login: 'LicenseLoginStep',
  license_bind: 'LicenseBindStep',
  license_pro_calculator: 'ProCalculatorStep',
  license_select: 'LicenseSelectStep',
  offer_load: 'OfferLoadStep',
  manual_order: 'ManualOrderStep',
  license_select_dvd: 'DvdStep',
  summary: 'SummaryStep',
  offer_create: 'OfferCreateStep',
  offer_created: 'OfferCreatedStep',
  add_to_cart: 'AddToCartStep',
};

/**
 * The license assistant (`/m9-assistent`), made to live in the shop's iframe: no portal frame
 * around it; it tells the shop page its height, when to scroll, and finally the cart.
 */
export function AssistantPage() {
  const settings = useSettings();
  // Its own entry has no router: the title is the one the route table gives the address as well.
  const title = assistantScreens.pageTitle;
  return (
    <Container component="main" id="inhalt" size="sm" py="md" px="sm">
      <title>{documentTitle(title)}</title>
      <Title order={1} size="h3" mb="md">
        {title}
      </Title>
      {settings.isPending ? (
        <PageLoader />
      ) : settings.error ? (
        <ErrorBox
          title={assistantScreens.pageTitle}
          failure={failedCall(settings.error)}
          message={settings.error.message || GENERIC_SERVER_ERROR}
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <Assistant settings={settings.data} />
      )}
    </Container>
  );
}

function Assistant({ settings }: { settings: PortalSettings }) {
  const channel = useMemo(() => shopChannel(window, settings.shopOrigin), [settings.shopOrigin]);
  const machine = useMemo(
    () =>
      assistantMachine.provide({
        actors: {
          createSession: fromPromise(({ input }) => api.createSession(input)),
          patchSession: fromPromise(({ input }) => api.patchSession(input)),
          loadOffer: fromPromise(({ input }) => api.loadOffer(input)),
          createOffer: fromPromise(({ input }) => api.createOffer(input)),
          signCart: fromPromise(({ input }) => api.signCart(input)),
        },
        actions: {
          scrollToTop: () => {
            window.scrollTo({ top: 0 });
            channel.post({ type: 'scroll_to_top' });
          },
          handOffCart: (_, message) => channel.post({ type: 'add_to_cart', data: message }),
          postTestMessage: () => channel.post({ type: 'test' }),
        },
        guards: laterFormGuards,
      }),
    [channel],
  );
  const actor = useActorRef(machine, { input: { shopProductIds: settings.shopProductIds } });
  const snapshot = useSelector(actor, (current) => current);
  const [content, setContent] = useState<HTMLDivElement | null>(null);
  const step = assistantStep(snapshot);
  useFrameHeight(content, step, channel);
  // A notice about a field stays beside it until dismissed or the step is left; others are toasts.
  const [notice, setNotice] = useState<(FieldNotice & { step: AssistantStep }) | null>(null);
  useEffect(() => {
    const subscription = actor.on('toast', ({ message, field }) => {
      if (field) setNotice({ field, message, step: assistantStep(actor.getSnapshot()) });
      else notifications.show({ color: 'yellow', message });
    });
    return () => subscription.unsubscribe();
  }, [actor]);
  const later = useLaterSteps(step !== 'welcome');
  const fieldNotice = notice?.step === step ? notice : null;
  const view = useMemo(
    () => ({
      snapshot,
      send: actor.send,
      settings,
      notice: fieldNotice,
      dismissNotice: () => setNotice(null),
    }),
    [snapshot, actor, settings, fieldNotice],
  );
  return (
    <AssistantViewContext value={view}>
      <div ref={setContent}>
        <StepScreen step={step} later={later} />
      </div>
    </AssistantViewContext>
  );
}

/** The step's screen; a later one once its module is there, or why it is not. */
function StepScreen({ step, later }: { step: AssistantStep; later: ReturnType<typeof useLaterSteps> }) {
  if (step === 'welcome') return <WelcomeStep />;
  if (later.value) {
    const Screen = later.value.screens[LATER_SCREENS[step]];
    return <Screen />;
  }
  if (later.failed) {
    return (
      <ErrorBox
        title={assistantScreens.laterStepsFailed}
        failure={{ status: null }}
        message={NO_CONNECTION_MESSAGE}
        onRetry={later.retry}
      />
    );
  }
  return <PageLoader />;
}

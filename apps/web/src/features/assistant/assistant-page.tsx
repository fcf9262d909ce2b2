import { Container, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useActorRef, useSelector } from '@xstate/react';
import {
  assistantMachine,
  assistantScreens,
  assistantStep,
  GENERIC_SERVER_ERROR,
  type AssistantStep,
} from '@lizenzportal/domain';
import { lazy, Suspense, useEffect, useMemo, useState, type ComponentType } from 'react';
import { fromPromise } from 'xstate';
import { ErrorBox } from '@/components/ui/error-box';
import { PageLoader } from '@/components/ui/page-loader';
import { errorStatus } from '@/lib/api';
import { useSettings, type PortalSettings } from '@/lib/settings';
import * as api from './api.ts';
import { AssistantViewContext } from './assistant-context.ts';
import { shopChannel } from './shop-messages.ts';
import { useFrameHeight } from './use-frame-height.ts';
import { WelcomeStep } from './steps/welcome-step.tsx';

const loadLaterSteps = () => import('./steps/later-steps.ts');
type LaterStep = keyof Awaited<ReturnType<typeof loadLaterSteps>>;

/** A screen after the welcome step: loaded with all the others when the first of them is asked for. */
const later = (name: LaterStep) => lazy(() => loadLaterSteps().then((steps) => ({ default: steps[name] })));

/** Runs `callback` when the browser is idle (after a timeout where it cannot tell: Safari). */
function whenIdle(callback: () => void): void {
  if ('requestIdleCallback' in window) requestIdleCallback(callback);
  else setTimeout(callback, 200);
}

/** One screen per step of the machine. */
const SCREENS: Record<AssistantStep, ComponentType> = {
  welcome: WelcomeStep,
  country_select: later('CountryStep'),
  country_select_other: later('OtherCountryStep'),
  start: later('StartStep'),
  update_eligibility: later('EligibilityStep'),
  update_not_eligible: later('NotEligibleStep'),
  license_login: later('LicenseLoginStep'),
  license_bind: later('LicenseBindStep'),
  license_pro_calculator: later('ProCalculatorStep'),
  license_select: later('LicenseSelectStep'),
  offer_load: later('OfferLoadStep'),
  manual_order: later('ManualOrderStep'),
  license_select_dvd: later('DvdStep'),
  summary: later('SummaryStep'),
  offer_create: later('OfferCreateStep'),
  offer_created: later('OfferCreatedStep'),
  add_to_cart: later('AddToCartStep'),
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
      <title>{`${title} – Lizenzportal`}</title>
      <Title order={1} size="h3" mb="md">
        {title}
      </Title>
      {settings.isPending ? (
        <PageLoader />
      ) : settings.error ? (
        <ErrorBox
          title={assistantScreens.pageTitle}
          status={errorStatus(settings.error)}
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
        },
        actions: {
          scrollToTop: () => {
            window.scrollTo({ top: 0 });
            channel.post({ type: 'scroll_to_top' });
          },
          handOffCart: (_, message) => channel.post({ type: 'add_to_cart', data: message }),
          postTestMessage: () => channel.post({ type: 'test' }),
        },
      }),
    [channel],
  );
  const actor = useActorRef(machine, { input: { shopProductIds: settings.shopProductIds } });
  const snapshot = useSelector(actor, (current) => current);
  const [content, setContent] = useState<HTMLDivElement | null>(null);
  const step = assistantStep(snapshot);
  useFrameHeight(content, step, channel);
  useEffect(() => {
    const subscription = actor.on('toast', ({ message }) => notifications.show({ color: 'yellow', message }));
    return () => subscription.unsubscribe();
  }, [actor]);
  // Once the welcome step is painted and usable (the browser is idle), fetch the later screens, so
  // the next step shows at once: before that, they would compete with the first load.
  useEffect(() => whenIdle(() => void loadLaterSteps()), []);
  const Screen = SCREENS[step];
  const view = useMemo(() => ({ snapshot, send: actor.send, settings }), [snapshot, actor, settings]);
  return (
    <AssistantViewContext value={view}>
      <div ref={setContent}>
        <Suspense fallback={<PageLoader />}>
          <Screen />
        </Suspense>
      </div>
    </AssistantViewContext>
  );
}

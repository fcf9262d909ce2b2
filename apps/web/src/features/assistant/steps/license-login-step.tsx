import { Alert, Button, Group, List, Paper, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import {
  assistantMessages,
  assistantScreens,
  fieldLabel,
  formatLicenseKey,
  showsLoginForm,
} from '@lizenzportal/domain';
import { useRef, useState } from 'react';
import { ErrorBox } from '@/components/ui/error-box';
import { FormSubmitButton } from '@/components/ui/form-submit-button';
import { focusAfterAction } from '@/lib/focus-after-action';
import { useAssistant } from '../assistant-context.ts';
import { AssistantSignIn } from '../assistant-sign-in.tsx';
import { LicenseLine } from '../license-line.tsx';
import { StepFrame } from '../step-frame.tsx';

/**
 * Sign-in with the licenses to update (several) or extend (one): the list of added licenses,
 * each removable; the sign-in form while none is added or another one is asked for.
 */
export function LicenseLoginStep() {
  const { snapshot, send } = useAssistant();
  const { context } = snapshot;
  const extension = context.purchaseType === 'extension';
  const sessionError = context.errors.createSession;
  const busy = snapshot.hasTag('busy');
  // The list replaces the form and the form the list: the focus follows to what is there now, and
  // a polite live region says what changed (in the shop's frame the focus would fall to its body).
  const step = useRef<HTMLDivElement>(null);
  const addedHeading = useRef<HTMLHeadingElement>(null);
  const [said, setSaid] = useState('');
  const firstField = () => step.current?.querySelector<HTMLElement>('input:not([type="hidden"])');
  const noLicense = context.authenticatedLicenses.length === 0;
  return (
    <StepFrame
      title={extension ? assistantScreens.loginTitleExtension : assistantScreens.loginTitleUpgrade}
      busyText={assistantScreens.creatingSession}
    >
      <div ref={step} style={{ display: 'contents' }}>
        <Text>{extension ? assistantScreens.loginTextExtension : assistantScreens.loginTextUpgrade}</Text>
        <Text className="lp-visually-hidden" role="status">
          {said}
        </Text>
        {context.authenticatedLicenses.length > 0 && (
          <Paper withBorder p="md">
            <Title order={3} size="h4" mb="xs" ref={addedHeading} tabIndex={-1}>
              {assistantScreens.addedLicenses}
            </Title>
            <List listStyleType="none" spacing="xs">
              {context.authenticatedLicenses.map(({ license }) => (
                <List.Item key={license._id}>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <LicenseLine license={license} />
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      aria-label={`${assistantScreens.removeLicense}: ${formatLicenseKey(license.key)}`}
                      disabled={busy || !snapshot.can({ type: 'REMOVE_LICENSE', licenseId: license._id })}
                      onClick={() => {
                        const last = context.authenticatedLicenses.length === 1;
                        send({ type: 'REMOVE_LICENSE', licenseId: license._id });
                        setSaid(assistantScreens.licenseRemoved(formatLicenseKey(license.key)));
                        focusAfterAction(() => (last ? firstField() : addedHeading.current));
                      }}
                    >
                      {assistantScreens.removeLicense}
                    </Button>
                  </Group>
                </List.Item>
              ))}
            </List>
          </Paper>
        )}
        {context.loginWarning && (
          <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />} role="alert">
            {context.loginWarning}
          </Alert>
        )}
        {showsLoginForm(context) ? (
          <AssistantSignIn
            disabled={busy}
            onSignedIn={(license, accessToken) => {
              send({ type: 'ADD_LICENSE', license, accessToken });
              setSaid(assistantScreens.licenseAdded(formatLicenseKey(license.key)));
              focusAfterAction(() => addedHeading.current);
            }}
          />
        ) : (
          snapshot.can({ type: 'REQUEST_LOGIN' }) && (
            <Group>
              <Button
                variant="outline"
                onClick={() => {
                  send({ type: 'REQUEST_LOGIN' });
                  focusAfterAction(firstField);
                }}
              >
                {assistantScreens.addAnotherLicense}
              </Button>
            </Group>
          )
        )}
        {sessionError && !busy && (
          <ErrorBox
            title={assistantMessages.createSessionTitle}
            failure={sessionError}
            message={sessionError.message}
            onRetry={snapshot.can({ type: 'LOGGED_IN' }) ? () => send({ type: 'LOGGED_IN' }) : undefined}
          />
        )}
        {/* Waiting for a license it stays in the tab order and says so (decision 049). */}
        <FormSubmitButton
          type="button"
          pending={noLicense ? [{ field: 'key', label: fieldLabel('key'), missing: true }] : []}
          disabled={!noLicense && !snapshot.can({ type: 'LOGGED_IN' })}
          loading={busy}
          onClick={() => send({ type: 'LOGGED_IN' })}
        >
          {assistantScreens.next}
        </FormSubmitButton>
      </div>
    </StepFrame>
  );
}

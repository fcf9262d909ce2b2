import { Alert, Button, Group, List, Paper, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { assistantMessages, assistantScreens, formatLicenseKey, showsLoginForm } from '@lizenzportal/domain';
import { ErrorBox } from '@/components/ui/error-box';
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
  return (
    <StepFrame
      title={extension ? assistantScreens.loginTitleExtension : assistantScreens.loginTitleUpgrade}
      busyText={assistantScreens.creatingSession}
    >
      <Text>{extension ? assistantScreens.loginTextExtension : assistantScreens.loginTextUpgrade}</Text>
      {context.authenticatedLicenses.length > 0 && (
        <Paper withBorder p="md">
          <Title order={3} size="h4" mb="xs">
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
                    onClick={() => send({ type: 'REMOVE_LICENSE', licenseId: license._id })}
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
          onSignedIn={(license, accessToken) => send({ type: 'ADD_LICENSE', license, accessToken })}
        />
      ) : (
        snapshot.can({ type: 'REQUEST_LOGIN' }) && (
          <Group>
            <Button variant="outline" onClick={() => send({ type: 'REQUEST_LOGIN' })}>
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
      <Group justify="flex-end">
        <Button
          disabled={!snapshot.can({ type: 'LOGGED_IN' })}
          loading={busy}
          onClick={() => send({ type: 'LOGGED_IN' })}
        >
          {assistantScreens.next}
        </Button>
      </Group>
    </StepFrame>
  );
}

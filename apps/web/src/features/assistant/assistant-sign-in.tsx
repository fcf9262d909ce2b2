import { Paper, Stack } from '@mantine/core';
import {
  assistantScreens,
  fieldLabel,
  isCompleteLicenseKey,
  isCompleteStartCode,
  licenseStatusErrorMessage,
  normalizeLicenseKey,
  normalizeStartCode,
  simpleLoginErrorMessage,
  type CodeKind,
  type License,
  type LicenseStatus,
} from '@lizenzportal/domain';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { LicenseKeyInput } from '@/components/license/license-key-input';
import { LoginCodeInput } from '@/components/license/login-code-input';
import { ErrorBox } from '@/components/ui/error-box';
import { FormSubmitButton, type PendingField } from '@/components/ui/form-submit-button';
import { errorStatus, failedCall } from '@/lib/api';
import { signInErrorFields, signInWithLicense, useLicenseStatus } from '@/lib/license-sign-in';

const CODE_KIND: Partial<Record<LicenseStatus, CodeKind>> = { unbound: 'startCode', bound: 'holderName' };
/** The code field's label (`LoginCodeInput`). */
const CODE_LABEL: Record<CodeKind, string> = { startCode: 'startCode', holderName: 'holder.name' };

interface AssistantSignInProps {
  disabled?: boolean;
  /** A license signed in, with the token that proves it to the upgrade-session calls. */
  onSignedIn: (license: License, accessToken: string) => void;
}

/**
 * The license sign-in inside the assistant: the portal's sign-in (key, then start code or holder
 * name), whose token proves the license to the session instead of opening the customer area.
 */
export function AssistantSignIn({ disabled, onSignedIn }: AssistantSignInProps) {
  const [licenseKey, setLicenseKey] = useState('');
  const [code, setCode] = useState('');
  const keyComplete = isCompleteLicenseKey(licenseKey);
  const normalizedKey = normalizeLicenseKey(licenseKey);
  const status = useLicenseStatus(keyComplete ? normalizedKey : null);
  const signIn = useMutation({
    mutationFn: (credentials: { key: string; authenticationCode: string }) =>
      signInWithLicense(credentials.key, credentials.authenticationCode),
    onSuccess: ({ token, userData }) => {
      if (userData.type !== 'license') return;
      const { type: _type, ...license } = userData;
      setLicenseKey('');
      setCode('');
      onSignedIn(license, token);
    },
  });
  const codeKind = status.data ? CODE_KIND[status.data] : undefined;
  // The field an error is about is invalid and described by the error box's message.
  const statusMessageId = useId();
  const signInMessageId = useId();
  const statusFailed = status.error !== null && !status.isFetching;
  const { keyErrorId, codeErrorId } = signInErrorFields(
    statusFailed ? errorStatus(status.error) : undefined,
    signIn.error && codeKind ? errorStatus(signIn.error) : undefined,
    { status: statusMessageId, signIn: signInMessageId },
  );
  const codeEntered = codeKind === 'startCode' ? isCompleteStartCode(code) : code.trim() !== '';
  const canSubmit = keyComplete && codeKind !== undefined && codeEntered && !disabled;
  // What the button waits for: the key, then (once its status is known) the code.
  const pending: PendingField[] = !keyComplete
    ? [{ field: 'key', label: fieldLabel('key'), missing: licenseKey.trim() === '' }]
    : codeKind && !codeEntered
      ? [{ field: codeKind, label: fieldLabel(CODE_LABEL[codeKind]), missing: code.trim() === '' }]
      : [];

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!canSubmit || !codeKind || signIn.isPending) return;
    const authenticationCode = codeKind === 'startCode' ? normalizeStartCode(code) : code;
    signIn.mutate({ key: normalizedKey, authenticationCode });
  }

  return (
    <Paper withBorder p="md">
      <form onSubmit={submit} noValidate>
        <Stack>
          <LicenseKeyInput
            value={licenseKey}
            onChange={(formatted) => {
              if (normalizeLicenseKey(formatted) !== normalizedKey) {
                setCode('');
                signIn.reset();
              }
              setLicenseKey(formatted);
            }}
            checking={status.isFetching}
            errorId={keyErrorId}
          />
          {codeKind && (
            <LoginCodeInput
              kind={codeKind}
              errorId={codeErrorId}
              value={code}
              onChange={(value) => {
                setCode(value);
                signIn.reset();
              }}
            />
          )}
          {statusFailed && (
            <ErrorBox
              title={assistantScreens.signInFailed}
              failure={failedCall(status.error)}
              message={licenseStatusErrorMessage(errorStatus(status.error))}
              messageId={statusMessageId}
            />
          )}
          {signIn.error && codeKind && (
            <ErrorBox
              title={assistantScreens.signInFailed}
              failure={failedCall(signIn.error)}
              message={simpleLoginErrorMessage(errorStatus(signIn.error), codeKind)}
              messageId={signInMessageId}
            />
          )}
          <FormSubmitButton
            variant="outline"
            pending={disabled ? [] : pending}
            disabled={disabled || (pending.length === 0 && !canSubmit)}
            loading={signIn.isPending}
          >
            {assistantScreens.addLicense}
          </FormSubmitButton>
        </Stack>
      </form>
    </Paper>
  );
}

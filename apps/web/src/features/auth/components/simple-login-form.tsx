import { Stack, Text } from '@mantine/core';
import {
  fieldLabel,
  isCompleteLicenseKey,
  isCompleteStartCode,
  licenseStatusErrorMessage,
  loginPageMessages,
  NEXT_LABEL,
  normalizeLicenseKey,
  normalizeStartCode,
  type CodeKind,
  type LicenseStatus,
} from '@lizenzportal/domain';
import { useId, useState, type FormEvent } from 'react';
import { ErrorBox } from '@/components/ui/error-box';
import { FormSubmitButton, type PendingField } from '@/components/ui/form-submit-button';
import { errorStatus, failedCall } from '@/lib/api';
import { HOME_PATH } from '@/lib/paths';
import { signInErrorFields, signInWithLicense, useLicenseStatus } from '@/lib/license-sign-in';
import { useSignIn } from '../hooks/use-sign-in.ts';
import { LicenseKeyInput } from '@/components/license/license-key-input';
import { LoginCodeInput } from '@/components/license/login-code-input';
import { isTransient, SignInError } from './login-error.tsx';

const CODE_KIND: Partial<Record<LicenseStatus, CodeKind>> = { unbound: 'startCode', bound: 'holderName' };
/** The code field's label (`LoginCodeInput`). */
const CODE_LABEL: Record<CodeKind, string> = { startCode: 'startCode', holderName: 'holder.name' };

const STATUS_HINT: Record<CodeKind, string> = {
  startCode: loginPageMessages.enterStartCode,
  holderName: loginPageMessages.enterHolderName,
};

/**
 * The simple login: the license key first; once its status is known, the start code (unbound) or
 * the holder name (bound).
 */
export function SimpleLoginForm() {
  const [licenseKey, setLicenseKey] = useState('');
  const [code, setCode] = useState('');
  const keyComplete = isCompleteLicenseKey(licenseKey);
  const normalizedKey = normalizeLicenseKey(licenseKey);
  const status = useLicenseStatus(keyComplete ? normalizedKey : null);
  const signIn = useSignIn(
    (credentials: { key: string; authenticationCode: string }) =>
      signInWithLicense(credentials.key, credentials.authenticationCode),
    HOME_PATH,
  );

  const codeKind = status.data ? CODE_KIND[status.data] : undefined;
  const codeEntered = codeKind === 'startCode' ? isCompleteStartCode(code) : code.trim() !== '';
  const canContinue = keyComplete && (codeKind === undefined || codeEntered);
  // The field an error is about is invalid and described by the error box's message.
  const statusMessageId = useId();
  const signInMessageId = useId();
  const statusFailed = status.error !== null && !status.isFetching;
  const { keyErrorId, codeErrorId } = signInErrorFields(
    statusFailed ? errorStatus(status.error) : undefined,
    signIn.error ? errorStatus(signIn.error) : undefined,
    { status: statusMessageId, signIn: signInMessageId },
  );

  function changeKey(formatted: string) {
    // Another key means another license: its status and code start from scratch.
    if (normalizeLicenseKey(formatted) !== normalizedKey) {
      setCode('');
      signIn.reset();
    }
    setLicenseKey(formatted);
  }

  function changeCode(value: string) {
    setCode(value);
    signIn.reset();
  }

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!canContinue || signIn.isPending) return;
    // Without a status (its lookup failed), "Weiter" asks again.
    if (codeKind === undefined) return void status.refetch();
    const authenticationCode = codeKind === 'startCode' ? normalizeStartCode(code) : code;
    signIn.mutate({ key: normalizedKey, authenticationCode });
  }

  // What „Weiter” waits for: the key, then (once its status is known) the code.
  const pending: PendingField[] = !keyComplete
    ? [{ field: 'key', label: fieldLabel('key'), missing: licenseKey.trim() === '' }]
    : codeKind && !codeEntered
      ? [{ field: codeKind, label: fieldLabel(CODE_LABEL[codeKind]), missing: code.trim() === '' }]
      : [];

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <LicenseKeyInput
          value={licenseKey}
          onChange={changeKey}
          checking={status.isFetching}
          errorId={keyErrorId}
        />
        {codeKind && (
          <>
            <Text size="sm">{STATUS_HINT[codeKind]}</Text>
            <LoginCodeInput kind={codeKind} value={code} onChange={changeCode} errorId={codeErrorId} />
          </>
        )}
        {statusFailed && (
          <ErrorBox
            title={loginPageMessages.statusCheckFailed}
            failure={failedCall(status.error)}
            message={licenseStatusErrorMessage(errorStatus(status.error))}
            messageId={statusMessageId}
            onRetry={isTransient(errorStatus(status.error)) ? () => void status.refetch() : undefined}
          />
        )}
        {signIn.error && codeKind && (
          <SignInError
            error={signIn.error}
            codeKind={codeKind}
            messageId={signInMessageId}
            onRetry={() => submit()}
          />
        )}
        <FormSubmitButton pending={pending} loading={signIn.isPending || status.isFetching}>
          {NEXT_LABEL}
        </FormSubmitButton>
      </Stack>
    </form>
  );
}

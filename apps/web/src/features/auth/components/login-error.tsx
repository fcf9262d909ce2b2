import { Text } from '@mantine/core';
import {
  loginMessages,
  loginPageMessages,
  simpleLoginErrorMessage,
  type CodeKind,
} from '@lizenzportal/domain';
import { ErrorBox } from '@/components/ui/error-box';
import { SmartLink } from '@/components/ui/smart-link';
import { errorStatus, failedCall } from '@/lib/api';
import { RECOVERY_PATH } from '@/lib/paths';

/** Worth trying again unchanged: no answer, or a server error. */
export function isTransient(status: number | null): boolean {
  return status === null || status >= 500;
}

interface SignInErrorProps {
  error: Error;
  codeKind: CodeKind;
  /** The message's id, for the field it concerns. */
  messageId?: string;
  onRetry: () => void;
}

/** A failed simple sign-in, worded by the catalogue; a wrong holder name also offers the document again. */
export function SignInError({ error, codeKind, messageId, onRetry }: SignInErrorProps) {
  const status = errorStatus(error);
  const wrongHolderName = status === 401 && codeKind === 'holderName';
  return (
    <ErrorBox
      title={loginPageMessages.failed}
      failure={failedCall(error)}
      message={simpleLoginErrorMessage(status, codeKind)}
      messageId={messageId}
      details={
        wrongHolderName && (
          <Text span size="sm">
            {loginMessages.invalidHolderNameHint}{' '}
            <SmartLink to={RECOVERY_PATH} newTab size="sm">
              {loginPageMessages.resendDocument}
            </SmartLink>
          </Text>
        )
      }
      onRetry={isTransient(status) ? onRetry : undefined}
    />
  );
}

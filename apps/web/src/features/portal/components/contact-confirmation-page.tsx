import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import {
  CONTACT_CHANGE_LINK_HOURS,
  CONTACT_CONFIRMATION_PARAM,
  contactChangeMessages as messages,
  contactLinkRefusal,
  formatDateTimeToMinute,
  GENERIC_SERVER_ERROR,
  HOLDER_FORM_LABELS,
  type ContactChangeView,
} from '@lizenzportal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, type Ref } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { Page } from '@/components/ui/page';
import { PageLoader } from '@/components/ui/page-loader';
import { ApiError, errorStatus, failedCall } from '@/lib/api';
import { currentUserQuery } from '@/lib/auth';
import { focusAfterAction } from '@/lib/focus-after-action';
import { HOME_PATH } from '@/lib/paths';
import { confirmContactChange, readContactChange } from '../api.ts';
import classes from './license-box.module.css';
import { SuccessBox } from '@/components/ui/success-box';

/** Whether a failed call refused the link itself (rather than the server or the connection failing). */
const isLinkRefusal = (error: unknown) =>
  error instanceof ApiError && contactLinkRefusal(error.code, CONTACT_CHANGE_LINK_HOURS) !== null;

/**
 * A link the page cannot use: it says why, in German. Refused as the page opens, it is the page's
 * content, read after its heading; refused on „Änderung bestätigen”, it is announced (`ref`: the
 * focus goes there).
 */
function Refusal({
  error,
  ref,
  onRetry,
}: {
  error: unknown;
  ref?: Ref<HTMLDivElement>;
  /** Loads the change again after a failure of the server or the connection. */
  onRetry?: () => void;
}) {
  const refusal =
    error === 'no-token'
      ? contactLinkRefusal('CONTACT_LINK_INVALID', CONTACT_CHANGE_LINK_HOURS)
      : error instanceof ApiError
        ? contactLinkRefusal(error.code, CONTACT_CHANGE_LINK_HOURS)
        : null;
  if (!refusal) {
    const status = errorStatus(error);
    return (
      <ErrorBox
        ref={ref}
        title={messages.failedTitle}
        failure={failedCall(error)}
        {...(onRetry ? { onRetry } : {})}
        message={
          status !== null && status < 500 && error instanceof Error ? error.message : GENERIC_SERVER_ERROR
        }
      />
    );
  }
  return (
    <Alert
      ref={ref}
      color="orange"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title={refusal.title}
      role={ref ? 'alert' : undefined}
    >
      {refusal.text}
    </Alert>
  );
}

/** The change a link would make, as a table of the holder and the new contact. */
function ChangeSummary({ change }: { change: ContactChangeView }) {
  const rows: [string, string][] = [
    [messages.holder, change.holderName],
    [HOLDER_FORM_LABELS.contact, change.contact ?? messages.none],
    [HOLDER_FORM_LABELS.email, change.email],
  ];
  return (
    <table className={classes.facts}>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * `/kontakt-bestaetigen?link=…`: the page a contact change's mail links to. Opening it only reads
 * the change (mail scanners follow links); the button confirms it. A link that is forged, cut,
 * replaced, used or expired is answered with a page that says which, and what to do.
 */
export function ContactConfirmationPage() {
  const [search] = useSearchParams();
  const token = search.get(CONTACT_CONFIRMATION_PARAM) ?? '';
  const queryClient = useQueryClient();
  const change = useQuery({
    queryKey: ['contact-change', token],
    queryFn: ({ signal }) => readContactChange(token, signal),
    enabled: token !== '',
    retry: false,
  });
  const result = useRef<HTMLDivElement>(null);
  const confirmation = useMutation({
    mutationFn: () => confirmContactChange(token),
    onSuccess: () => {
      // A holder signed in in this browser sees the new contact on „Meine Lizenz”.
      void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
      focusAfterAction(() => result.current);
    },
    onError: () => focusAfterAction(() => result.current),
  });

  return (
    <Page>
      <Paper withBorder p="lg" maw={640}>
        {token === '' ? (
          <Refusal error="no-token" />
        ) : change.isPending ? (
          <PageLoader />
        ) : change.isError ? (
          <Refusal error={change.error} onRetry={() => void change.refetch()} />
        ) : confirmation.isSuccess ? (
          <Stack>
            <SuccessBox ref={result} title={messages.confirmedTitle}>
              {messages.confirmed}
            </SuccessBox>
            <ChangeSummary change={confirmation.data} />
            <Group>
              <Button component={Link} to={HOME_PATH}>
                {messages.toMyLicense}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Stack>
            <Text>{messages.confirmIntro}</Text>
            <ChangeSummary change={change.data} />
            <Text size="sm">{messages.validUntil(formatDateTimeToMinute(change.data.expiresAt))}</Text>
            {confirmation.isError && <Refusal ref={result} error={confirmation.error} />}
            {/* A refused link stays refused; a failure of the server or the connection may be tried again. */}
            {!isLinkRefusal(confirmation.error) && (
              <Group>
                <Button
                  onClick={() => {
                    if (!confirmation.isPending) confirmation.mutate();
                  }}
                  loading={confirmation.isPending}
                >
                  {messages.confirm}
                </Button>
              </Group>
            )}
          </Stack>
        )}
      </Paper>
    </Page>
  );
}

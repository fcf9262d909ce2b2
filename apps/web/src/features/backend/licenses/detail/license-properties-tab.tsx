import { Alert, Button, Checkbox, Group, List, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  backOfficeMessages,
  DELIVERIES,
  DELIVERY_LABELS,
  downloadLogMessages,
  ENTRY_TYPE_NAMES,
  ENTRY_TYPES,
  formatLicenseKey,
  formatStartCode,
  HOLDER_TYPE_LABELS,
  HOLDER_TYPES,
  LICENSE_CLASS_LABELS,
  LICENSE_CLASSES,
  LICENSE_STATUS_LABELS,
  LICENSE_STATUSES,
  LICENSE_TYPE_LABELS,
  LICENSE_TYPES,
  recordMessages,
  LICENSE_VERSIONS,
  licensePageMessages as texts,
  SPECIAL_PERMISSION_LABELS,
  SPECIAL_PERMISSIONS,
  type License,
  LICENSE_LIST,
  LICENSE_LIST_FIELDS,
  findListField,
} from '@lizenzportal/domain';
import { useEffect, useRef, useState } from 'react';
import { ErrorBox } from '@/components/ui/error-box';
import { ApiError, apiRequest, errorField, failedCall } from '@/lib/api';
import { focusAfterAction } from '@/lib/focus-after-action';
import { backendDownloadsOfLicensePath, backendLicensePath } from '@/lib/paths';
import { auditKey } from '../../components/audit-trail.tsx';
import { CopyableText } from '../../components/copyable-text.tsx';
import { DateTimeText } from '../../components/date-time-text.tsx';
import { PageLink } from '../../components/page-link.tsx';
import { Panel } from '../../components/panel.tsx';
import { useRecordAction } from '../../components/use-record-action.ts';
import { listQueryKey } from '../../lists/use-list.ts';
import { label } from '../../components/license-labels.ts';
import { LicenseStatus } from '../../components/license-status.tsx';
import { loginAtRisk } from '../login-at-risk.ts';
import {
  changedPaths,
  draftProblems,
  keepDraft,
  keptDraft,
  rebaseDraft,
  valueAt,
  withValue,
  type LicenseDraft,
} from './license-draft.ts';
import { FieldLink, licenseField, type EditContext } from './license-fields.tsx';
import { LicenseDocuments } from './license-documents.tsx';
import { licenseKey } from '../../components/use-license.ts';
import { WidgetFields } from './widget.tsx';
import { FormSubmitButton } from '@/components/ui/form-submit-button';
import { licensePending } from './license-pending.ts';

/** A field shown with its copy button, never edited here. */
const copyableField = (name: 'key' | 'startCode' | '_id', text: string) => ({
  label: label(name),
  view: <CopyableText text={text} label={label(name)} />,
});

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

/**
 * The „Eigenschaften” tab: the license's widgets, and its edit mode („Bearbeiten” → „Speichern”
 * or „Änderungen verwerfen”). A save carries the revision the edit started from; if the license
 * changed meanwhile the server refuses it and the form keeps every input.
 */
export function LicensePropertiesTab({
  license,
  onReload,
}: {
  license: License;
  /** Loads the license again: the license as it is now, unless that failed. */
  onReload: () => Promise<License | undefined>;
}) {
  const queryClient = useQueryClient();
  // A draft kept from before a sign-in ended goes on where it stopped.
  const [draft, setDraft] = useState<LicenseDraft | null>(() => keptDraft(license._id));
  useEffect(() => keepDraft(license._id, draft), [license._id, draft]);
  // The license as the edit started from it: what the admin changed is the draft's difference to it.
  const editBase = useRef<License>(license);
  // After a 409 and „Aktuelle Fassung laden”: the fields the admin's changes were carried over to.
  const [carriedOver, setCarriedOver] = useState<string[] | null>(null);
  const reloadedNotice = useRef<HTMLDivElement>(null);
  /** Loads the license as it is now and puts the admin's changes on top of it (decision 063). */
  const reloadKeepingChanges = async (edited: LicenseDraft) => {
    const base = editBase.current;
    const current = await onReload();
    if (!current) return;
    save.reset();
    editBase.current = current;
    setDraft(rebaseDraft(base, edited, current));
    // A field both sides changed keeps the admin's value; the notice names what the other side wrote.
    const changedThere = new Set(changedPaths(base, current));
    setCarriedOver(
      changedPaths(base, edited).map((path) => {
        const fieldLabel = findListField(LICENSE_LIST_FIELDS, path)?.label ?? path;
        if (!changedThere.has(path)) return fieldLabel;
        const value = valueAt(current, path);
        return texts.changedThereToo(fieldLabel, value === null ? '–' : String(value));
      }),
    );
    focusAfterAction(() => reloadedNotice.current);
  };
  const [showProblems, setShowProblems] = useState(false);
  const problems = draft && showProblems ? draftProblems(draft) : {};
  // Where the focus goes when the button that had it gives way (decision 010).
  const editButton = useRef<HTMLButtonElement>(null);
  const fields = useRef<HTMLDivElement>(null);
  const problemBox = useRef<HTMLDivElement>(null);
  const failureBox = useRef<HTMLDivElement>(null);
  const backToView = () => focusAfterAction(() => editButton.current);
  const save = useRecordAction({
    request: (edited: LicenseDraft) =>
      apiRequest<{ license: License }>(`/license/${license._id}`, { method: 'PUT', body: edited }),
    update: ({ license: saved }) => {
      queryClient.setQueryData(licenseKey(license._id), { license: saved });
      setCarriedOver(null);
      setDraft(null);
      setShowProblems(false);
      backToView();
    },
    success: backOfficeMessages.licenseUpdated,
    refresh: [auditKey(`/license/${license._id}`), listQueryKey(LICENSE_LIST)],
    // „Fehler beim Speichern der Lizenz: …” with a retry, below, keeps the admin's input.
    showsError: true,
  });
  // A refused save names the field it is about: the field shows the server's message, until changed.
  const refusedField = errorField(save.error);
  const refusedLabel = refusedField && findListField(LICENSE_LIST_FIELDS, refusedField)?.label;
  const edit: EditContext = {
    draft,
    problems: refusedField && save.error ? { ...problems, [refusedField]: save.error.message } : problems,
    change: (path, value) => {
      if (path === refusedField) save.reset();
      setDraft((current) => current && withValue(current, path, value));
    },
  };
  const shown = draft ?? license;
  const editing = draft !== null;
  const submit = () => {
    setShowProblems(true);
    if (Object.keys(draftProblems(draft!)).length > 0) {
      focusAfterAction(() => problemBox.current);
      return;
    }
    save.mutate(draft!, { onError: () => focusAfterAction(() => failureBox.current) });
  };
  const conflict = save.error instanceof ApiError && save.error.code === 'LICENSE_CHANGED';

  return (
    <Stack>
      <Group justify="flex-end">
        {editing ? (
          <>
            <Button
              variant="default"
              onClick={() => {
                setDraft(null);
                setCarriedOver(null);
                setShowProblems(false);
                save.reset();
                backToView();
              }}
            >
              {texts.discardChanges}
            </Button>
            <FormSubmitButton
              type="button"
              pending={licensePending(problems)}
              onClick={submit}
              loading={save.isPending}
            >
              {texts.save}
            </FormSubmitButton>
          </>
        ) : (
          <Button
            ref={editButton}
            onClick={() => {
              editBase.current = license;
              setDraft(structuredClone(license));
              // The first field to edit (the key and ids before it are only copied).
              focusAfterAction(() =>
                fields.current?.querySelector<HTMLElement>('input:not([type="hidden"]), textarea'),
              );
            }}
          >
            {texts.edit}
          </Button>
        )}
      </Group>
      {editing && showProblems && Object.keys(problems).length > 0 && (
        <Alert ref={problemBox} color="red" title={texts.checkInput} role="alert">
          <List size="sm">
            {Object.entries(problems).map(([path, message]) => (
              <List.Item key={path}>
                {findListField(LICENSE_LIST_FIELDS, path) ? (
                  <FieldLink path={path}>{message}</FieldLink>
                ) : (
                  message
                )}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      {save.error && conflict && (
        <Alert
          ref={failureBox}
          color="orange"
          title={backOfficeMessages.licenseSaveFailed + texts.changedMeanwhile}
          role="alert"
        >
          <Stack gap="xs">
            <Text size="sm">{save.error.message}</Text>
            <Text size="sm">
              {texts.inputKept} {texts.conflictAdvice}
            </Text>
            <Group>
              <Button
                size="xs"
                variant="outline"
                color="orange.8"
                onClick={() => void reloadKeepingChanges(draft!)}
              >
                {texts.loadCurrentVersion}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {editing && carriedOver && !save.error && (
        <Alert ref={reloadedNotice} color="blue" title={texts.currentVersionLoaded} role="status">
          <Text size="sm">{texts.changesCarriedOver(carriedOver)}</Text>
        </Alert>
      )}
      {save.error && !conflict && (
        <ErrorBox
          ref={failureBox}
          title={backOfficeMessages.licenseSaveFailed + save.error.message}
          failure={failedCall(save.error)}
          message={texts.inputKept}
          details={
            refusedField &&
            refusedLabel && <FieldLink path={refusedField}>{texts.toField(refusedLabel)}</FieldLink>
          }
          onRetry={submit}
          retrying={save.isPending}
        />
      )}
      <SimpleGrid ref={fields} cols={{ base: 1, lg: 2 }}>
        <Panel order={2} title={texts.general}>
          <WidgetFields
            editing={editing}
            fields={[
              copyableField('_id', license._id),
              copyableField('key', formatLicenseKey(license.key)),
              copyableField('startCode', formatStartCode(license.startCode)),
              licenseField(
                license,
                edit,
                'status',
                { kind: 'select', options: options(LICENSE_STATUSES, LICENSE_STATUS_LABELS) },
                <LicenseStatus license={license} />,
              ),
              licenseField(
                license,
                edit,
                'authenticationCode',
                { kind: 'text' },
                <CopyableText text={license.authenticationCode} label={label('authenticationCode')} />,
              ),
              licenseField(
                license,
                edit,
                'typeOfEntry',
                { kind: 'select', options: options(ENTRY_TYPES, ENTRY_TYPE_NAMES) },
                ENTRY_TYPE_NAMES[license.typeOfEntry],
              ),
              licenseField(license, edit, 'entryReference', { kind: 'text' }),
              licenseField(
                license,
                edit,
                'updatedToLicense',
                { kind: 'text' },
                license.updatedToLicense && (
                  <PageLink to={backendLicensePath(license.updatedToLicense)}>
                    {license.updatedToLicense}
                  </PageLink>
                ),
              ),
              licenseField(license, edit, 'productSKU', { kind: 'text' }),
              licenseField(license, edit, 'extensionSKU', { kind: 'text' }),
              { label: label('createdAt'), view: <DateTimeText value={license.createdAt} /> },
              { label: label('updatedAt'), view: <DateTimeText value={license.updatedAt} /> },
              { label: label('boundAt'), view: <DateTimeText value={license.boundAt} /> },
            ]}
          />
          {loginAtRisk(shown) && (
            <Alert color="orange" title={texts.loginAtRisk} role="status">
              <Stack gap="xs">
                <Text size="sm">{texts.loginAtRiskExplanation}</Text>
                {editing && shown.holder.name && (
                  <Group>
                    <Button
                      size="xs"
                      variant="outline"
                      color="orange.8"
                      onClick={() => edit.change('authenticationCode', shown.holder.name)}
                    >
                      {texts.adoptNameAsCode}
                    </Button>
                  </Group>
                )}
              </Stack>
            </Alert>
          )}
        </Panel>
        <Panel order={2} title={texts.holder}>
          <WidgetFields
            editing={editing}
            fields={[
              licenseField(
                license,
                edit,
                'holder.holderType',
                { kind: 'select', options: options(HOLDER_TYPES, HOLDER_TYPE_LABELS), clearable: true },
                license.holder.holderType && HOLDER_TYPE_LABELS[license.holder.holderType],
              ),
              licenseField(license, edit, 'holder.name', { kind: 'text' }),
              licenseField(license, edit, 'holder.email', { kind: 'text' }),
              licenseField(license, edit, 'holder.contact', { kind: 'text' }),
            ]}
          />
        </Panel>
        <Panel order={2} title={recordMessages.properties}>
          <WidgetFields
            editing={editing}
            fields={[
              licenseField(
                license,
                edit,
                'version',
                {
                  kind: 'select',
                  options: LICENSE_VERSIONS.map((version) => ({
                    value: version,
                    label: texts.version(version),
                  })),
                },
                texts.version(license.version),
              ),
              licenseField(
                license,
                edit,
                'properties.class',
                { kind: 'select', options: options(LICENSE_CLASSES, LICENSE_CLASS_LABELS) },
                LICENSE_CLASS_LABELS[license.properties.class],
              ),
              licenseField(
                license,
                edit,
                'properties.type',
                { kind: 'select', options: options(LICENSE_TYPES, LICENSE_TYPE_LABELS) },
                LICENSE_TYPE_LABELS[license.properties.type],
              ),
              licenseField(license, edit, 'properties.size', { kind: 'integer', fallback: null }),
              licenseField(
                license,
                edit,
                'properties.delivery',
                { kind: 'select', options: options(DELIVERIES, DELIVERY_LABELS) },
                DELIVERY_LABELS[license.properties.delivery],
              ),
              licenseField(license, edit, 'properties.dvdCount', { kind: 'integer', fallback: null }),
            ]}
          />
        </Panel>
        <Panel order={2} title={label('notes')}>
          {editing ? (
            <WidgetFields editing fields={[licenseField(license, edit, 'notes', { kind: 'textarea' })]} />
          ) : (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {license.notes ?? backOfficeMessages.noNote}
            </Text>
          )}
        </Panel>
        <Panel order={2} title={texts.documents}>
          <LicenseDocuments license={license} editing={editing} />
        </Panel>
        <Panel order={2} title={label('specialPermissions')}>
          {editing ? (
            <Stack gap={6}>
              {SPECIAL_PERMISSIONS.map((permission) => {
                const chosen = draft.specialPermissions.includes(permission);
                return (
                  <Checkbox
                    key={permission}
                    label={SPECIAL_PERMISSION_LABELS[permission]}
                    checked={chosen}
                    onChange={() =>
                      edit.change(
                        'specialPermissions',
                        SPECIAL_PERMISSIONS.filter((other) =>
                          other === permission ? !chosen : draft.specialPermissions.includes(other),
                        ),
                      )
                    }
                  />
                );
              })}
            </Stack>
          ) : license.specialPermissions.length === 0 ? (
            <Text size="sm">{texts.noSpecialPermissions}</Text>
          ) : (
            <List size="sm">
              {license.specialPermissions.map((permission) => (
                <List.Item key={permission}>{SPECIAL_PERMISSION_LABELS[permission]}</List.Item>
              ))}
            </List>
          )}
        </Panel>
        <Panel order={2} title={texts.downloads}>
          <WidgetFields
            editing={editing}
            fields={[
              licenseField(license, edit, 'downloads.software', { kind: 'integer', fallback: 0 }),
              licenseField(license, edit, 'downloads.metasearch', { kind: 'integer', fallback: 0 }),
            ]}
          />
          <PageLink to={backendDownloadsOfLicensePath(license._id)}>
            {downloadLogMessages.licenseDownloads}
          </PageLink>
        </Panel>
      </SimpleGrid>
    </Stack>
  );
}

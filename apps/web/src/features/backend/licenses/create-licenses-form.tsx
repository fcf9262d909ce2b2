import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  DELIVERIES,
  DELIVERY_LABELS,
  fieldLabel,
  createLicensesMessages as texts,
  LICENSE_CLASS_LABELS,
  LICENSE_CLASSES,
  licensePageMessages,
  LICENSE_TYPE_LABELS,
  LICENSE_TYPES,
  CREATABLE_LICENSE_VERSIONS,
  MAX_LICENSES_PER_CREATION,
  SPECIAL_PERMISSION_LABELS,
  SPECIAL_PERMISSIONS,
  validationMessages,
  withAutomaticPermissions,
  type License,
  type LicenseClass,
  type LicenseDelivery,
  type LicenseType,
  type SpecialPermission,
} from '@lizenzportal/domain';
import { apiRequest } from '@/lib/api';
import { useRecordAction } from '../components/use-record-action.ts';

interface CreateValues {
  version: string;
  licenseClass: LicenseClass;
  size: number | string;
  type: LicenseType;
  delivery: LicenseDelivery;
  dvdCount: number | string;
  specialPermissions: SpecialPermission[];
  notes: string;
  generateStarterDocument: boolean;
  count: number | string;
}

/** The spec's defaults: version 9, pro, size 1, full version, download, no DVD, one license, starter documents. */
const DEFAULTS: CreateValues = {
  version: '9',
  licenseClass: 'pro',
  size: 1,
  type: 'full',
  delivery: 'download',
  dvdCount: 0,
  specialPermissions: [],
  notes: '',
  generateStarterDocument: true,
  count: 1,
};

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

const isWhole = (value: number | string) => typeof value === 'number' && Number.isInteger(value);

/**
 * „Neue Lizenz(en) anlegen”: 1–50 licenses of one kind, created by the signed-in admin (origin
 * manual). The special permissions the properties imply are shown as granted automatically.
 */
export function CreateLicensesForm({ onCreated }: { onCreated: (licenses: License[]) => void }) {
  const form = useForm<CreateValues>({
    initialValues: DEFAULTS,
    validate: {
      size: (value) =>
        value === ''
          ? validationMessages.required(fieldLabel('properties.size'))
          : isWhole(value) && Number(value) >= 1
            ? null
            : texts.sizeInvalid,
      dvdCount: (value) =>
        value === ''
          ? validationMessages.required(fieldLabel('properties.dvdCount'))
          : isWhole(value) && Number(value) >= 0
            ? null
            : texts.dvdCountInvalid,
      count: (value) =>
        isWhole(value) && Number(value) >= 1 && Number(value) <= MAX_LICENSES_PER_CREATION
          ? null
          : texts.countOutOfRange(MAX_LICENSES_PER_CREATION),
    },
  });
  const automatic = withAutomaticPermissions([], {
    class: form.values.licenseClass,
    delivery: form.values.delivery,
  });
  const create = useRecordAction({
    request: (values: CreateValues) =>
      apiRequest<{ licenses: License[] }>('/license', {
        method: 'POST',
        body: {
          version: values.version,
          properties: {
            class: values.licenseClass,
            size: Number(values.size),
            type: values.type,
            delivery: values.delivery,
            dvdCount: Number(values.dvdCount),
          },
          specialPermissions: values.specialPermissions,
          notes: values.notes,
          generateStarterDocument: values.generateStarterDocument,
          count: Number(values.count),
        },
      }),
    success: ({ licenses }) => texts.created(licenses.length),
    refresh: [['/license']],
    afterRefresh: ({ licenses }) => onCreated(licenses),
    // The form shows the failure with the server's message above its button.
    showsError: true,
  });

  return (
    <form onSubmit={form.onSubmit((values) => create.mutate(values))} noValidate>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={fieldLabel('version')}
            required
            allowDeselect={false}
            data={CREATABLE_LICENSE_VERSIONS.map((version) => ({
              value: version,
              label: licensePageMessages.version(version),
            }))}
            {...form.getInputProps('version')}
          />
          <Select
            label={fieldLabel('properties.class')}
            required
            allowDeselect={false}
            data={options(LICENSE_CLASSES, LICENSE_CLASS_LABELS)}
            {...form.getInputProps('licenseClass')}
          />
          <NumberInput
            label={fieldLabel('properties.size')}
            required
            min={1}
            allowDecimal={false}
            {...form.getInputProps('size')}
          />
          <Select
            label={fieldLabel('properties.type')}
            required
            allowDeselect={false}
            data={options(LICENSE_TYPES, LICENSE_TYPE_LABELS)}
            {...form.getInputProps('type')}
          />
          <Select
            label={fieldLabel('properties.delivery')}
            required
            allowDeselect={false}
            data={options(DELIVERIES, DELIVERY_LABELS)}
            {...form.getInputProps('delivery')}
          />
          <NumberInput
            label={fieldLabel('properties.dvdCount')}
            required
            min={0}
            allowDecimal={false}
            {...form.getInputProps('dvdCount')}
          />
        </SimpleGrid>
        <Fieldset legend={fieldLabel('specialPermissions')} variant="unstyled">
          <Stack gap={6}>
            {SPECIAL_PERMISSIONS.map((permission) => {
              const granted = automatic.includes(permission);
              const chosen = form.values.specialPermissions.includes(permission);
              return (
                <Checkbox
                  key={permission}
                  label={SPECIAL_PERMISSION_LABELS[permission]}
                  description={granted ? texts.automaticPermission : undefined}
                  disabled={granted}
                  checked={granted || chosen}
                  onChange={() =>
                    form.setFieldValue(
                      'specialPermissions',
                      chosen
                        ? form.values.specialPermissions.filter((other) => other !== permission)
                        : [...form.values.specialPermissions, permission],
                    )
                  }
                />
              );
            })}
          </Stack>
        </Fieldset>
        <Textarea
          label={fieldLabel('notes')}
          autosize
          minRows={2}
          maxLength={5000}
          {...form.getInputProps('notes')}
        />
        <Checkbox
          label={texts.generateStarterDocuments}
          {...form.getInputProps('generateStarterDocument', { type: 'checkbox' })}
        />
        <NumberInput
          label={texts.count}
          description={texts.countRange(MAX_LICENSES_PER_CREATION)}
          required
          min={1}
          max={MAX_LICENSES_PER_CREATION}
          clampBehavior="none"
          allowDecimal={false}
          {...form.getInputProps('count')}
        />
        {create.error && (
          <Alert color="red" title={texts.failed} role="alert">
            {create.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending}>
            {texts.create}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

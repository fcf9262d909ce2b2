import { Stack, TextInput, type SelectProps } from '@mantine/core';
import { NO_CONNECTION_MESSAGE, SELECT_LOAD_FAILED } from '@lizenzportal/domain';
import { moduleDownload, useModuleDownload } from '@/lib/module-download';
import { ErrorBox } from './error-box.tsx';

const selectField = moduleDownload(
  () => import('./select-field.tsx'),
  (module) => module.default,
);

/**
 * A select whose code comes when a page first shows one: Mantine's select brings its combobox,
 * scroll area and popover: 11 KiB the assistant loads only where a select is shown (decision 085).
 * Meanwhile the same field stands there disabled, with its label and placeholder, so nothing moves
 * when it arrives; a failed download says so beside it and can be asked again, and what the page
 * holds stays as it is.
 */
export function LazySelect(props: SelectProps) {
  const { value: Select, failed, retry } = useModuleDownload(selectField);
  if (Select) return <Select {...props} />;
  const standIn = (
    <TextInput
      label={props.label}
      placeholder={props.placeholder}
      description={props.description}
      required={props.required}
      size={props.size}
      disabled
    />
  );
  if (!failed) return standIn;
  return (
    <Stack gap="xs">
      {standIn}
      <ErrorBox
        title={SELECT_LOAD_FAILED}
        failure={{ status: null }}
        message={NO_CONNECTION_MESSAGE}
        onRetry={retry}
      />
    </Stack>
  );
}

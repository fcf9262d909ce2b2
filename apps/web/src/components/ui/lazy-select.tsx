import { Stack, TextInput, type SelectProps } from '@mantine/core';
import { NO_CONNECTION_MESSAGE, SELECT_LOAD_FAILED } from '@lizenzportal/domain';
import { useEffect, useState, type ComponentType } from 'react';
import { ErrorBox } from './error-box.tsx';

type SelectField = ComponentType<SelectProps>;

let loading: Promise<SelectField> | null = null;
/** The select once its code has arrived: every later select shows at once. */
let arrived: SelectField | null = null;

/** The select's module, downloaded once; after a failed download the next call asks again. */
function loadSelectField(): Promise<SelectField> {
  loading ??= import('./select-field.tsx').then(
    (module) => (arrived = module.default),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * A select whose code comes when a page first shows one: Mantine's select brings its combobox,
 * scroll area and popover: 11 KiB the assistant loads only where a select is shown (decision 085).
 * Meanwhile the same field stands there disabled, with its label and placeholder, so nothing moves
 * when it arrives; a failed download says so beside it and can be asked again, and what the page
 * holds stays as it is.
 */
export function LazySelect(props: SelectProps) {
  const [Select, setSelect] = useState(() => arrived);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (Select) return;
    let current = true;
    loadSelectField().then(
      (loaded) => current && setSelect(() => loaded),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [Select, attempt]);
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
        onRetry={() => {
          setFailed(false);
          setAttempt((count) => count + 1);
        }}
      />
    </Stack>
  );
}

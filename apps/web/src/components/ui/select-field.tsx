import { Select, type SelectProps } from '@mantine/core';

/** Mantine's select, in a module of its own: `LazySelect` loads it, and its dropdown, when first shown. */
export default function SelectField(props: SelectProps) {
  return <Select {...props} />;
}

import { ActionIcon, MultiSelect, Select, TagsInput, TextInput, VisuallyHidden } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import {
  filterMessages as texts,
  findListField,
  operatorRow,
  valueInputOf,
  type FilterOperator,
  type ListFields,
} from '@lizenzportal/domain';
import {
  toFlatOptionArray,
  type ActionProps,
  type FieldSelectorProps,
  type FullOptionList,
  type OperatorSelectorProps,
  type Option,
  type Path,
  type ValueEditorProps,
} from 'react-querybuilder';
import { ruleValues } from './filter-draft.ts';
import classes from './filter-builder.module.css';

/** What every control of the builder knows besides its own props. */
export interface FilterContext {
  fields: ListFields;
  /** Problems of the values by rule position, shown once the admin tried to apply. */
  problems: (string | undefined)[];
}

/** „Filter 2”: names a rule's controls for screen readers. */
const ruleName = (path: Path) => texts.rule((path.at(-1) ?? 0) + 1);

/** A control's visible label („Wert”), read with its rule („Filter 2: Wert”). */
const controlLabel = (path: Path, text: string) => (
  <>
    <VisuallyHidden component="span">{`${ruleName(path)}: `}</VisuallyHidden>
    {text}
  </>
);

/** The builder's fields and operators as a Mantine select lists them (no option groups here). */
const selectData = (options: FullOptionList<Option>) =>
  toFlatOptionArray(options).map((option) => ({ value: String(option.name), label: option.label }));

export function FieldSelector({ options, value, handleOnChange, path }: FieldSelectorProps) {
  return (
    <Select
      label={controlLabel(path, texts.field)}
      data={selectData(options)}
      value={value ?? null}
      onChange={(next) => next !== null && handleOnChange(next)}
      allowDeselect={false}
      searchable
      w={230}
    />
  );
}

export function OperatorSelector({ options, value, handleOnChange, path }: OperatorSelectorProps) {
  return (
    <Select
      label={controlLabel(path, texts.operator)}
      data={selectData(options)}
      value={value ?? null}
      onChange={(next) => next !== null && handleOnChange(next)}
      allowDeselect={false}
      w={200}
    />
  );
}

/**
 * The value of a rule: no input for the presence operators, option lists for enumerated fields,
 * free text (or several texts for „ist einer von”) for everything else.
 */
export function ValueEditor({ field, operator, value, handleOnChange, path, context }: ValueEditorProps) {
  const { fields, problems } = context as FilterContext;
  const definition = findListField(fields, field);
  if (!definition) return null;
  const input = valueInputOf(definition, operator as FilterOperator);
  const error = problems[path.at(-1) ?? 0];
  const values = ruleValues({ value });
  const options = (definition.options ?? []).map((option) => ({ value: option.value, label: option.label }));
  const common = { label: controlLabel(path, texts.value), error, w: 260 };
  switch (input) {
    case 'none':
      return null;
    case 'option':
      return (
        <Select
          {...common}
          data={options}
          value={values[0] ?? null}
          onChange={(next) => handleOnChange(next ?? '')}
          placeholder={texts.choose}
        />
      );
    case 'options':
      return (
        <MultiSelect
          {...common}
          data={options}
          value={values}
          onChange={handleOnChange}
          placeholder={values.length === 0 ? texts.choose : undefined}
        />
      );
    case 'texts':
      return (
        <TagsInput
          {...common}
          value={values}
          onChange={handleOnChange}
          placeholder={texts.valuesHint}
          splitChars={[',']}
        />
      );
    default:
      return (
        <TextInput
          {...common}
          value={values[0] ?? ''}
          onChange={(event) => handleOnChange(event.currentTarget.value)}
          placeholder={definition.type === 'date' ? texts.dateHint : undefined}
        />
      );
  }
}

export function RemoveRuleAction({ handleOnClick, path }: ActionProps) {
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      className={classes.remove}
      aria-label={texts.remove(ruleName(path))}
      onClick={handleOnClick}
    >
      <IconX size={18} aria-hidden />
    </ActionIcon>
  );
}

/** The builder's operator choices for a field, in German. */
export function operatorOptions(operators: readonly FilterOperator[]) {
  return operators.map((operator) => ({
    name: operator,
    value: operator,
    label: operatorRow(operator).label,
  }));
}

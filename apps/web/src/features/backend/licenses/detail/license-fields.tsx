import { Anchor, Select, Textarea, TextInput } from '@mantine/core';
import type { MouseEvent, ReactNode } from 'react';
import { label } from '../../components/license-labels.ts';
import { licensePageMessages, type LicenseListFieldName } from '@lizenzportal/domain';
import { parseInteger, valueAt, type LicenseDraft } from './license-draft.ts';

/** The id of a license field's input in edit mode, for the messages that lead to it. */
const licenseFieldId = (path: string) => `license-field-${path.replaceAll('.', '-')}`;

/**
 * A message about a field that leads to it (WCAG 3.3.1): following the link puts the focus into
 * the field, which shows the message too.
 */
export function FieldLink({ path, children }: { path: string; children: ReactNode }) {
  const id = licenseFieldId(path);
  const follow = (event: MouseEvent) => {
    const input = document.getElementById(id);
    if (!input) return;
    event.preventDefault();
    input.focus();
  };
  return (
    <Anchor href={`#${id}`} size="sm" onClick={follow}>
      {children}
    </Anchor>
  );
}

export interface EditContext {
  draft: LicenseDraft | null;
  problems: Record<string, string>;
  change: (path: string, value: unknown) => void;
}

type FieldKind =
  | { kind: 'text' | 'textarea' }
  | { kind: 'integer'; fallback: number | null }
  | { kind: 'select'; options: { value: string; label: string }[]; clearable?: boolean };

/** A field of a widget: its label and value in view mode, its input (or nothing) in edit mode. */
export interface WidgetField {
  label: string;
  view: ReactNode;
  input?: ReactNode;
}

/**
 * One field of a license widget: in view mode its label and value (`display`, else the value as
 * text); in edit mode the input with the problem the draft has there.
 */
export function licenseField(
  license: LicenseDraft,
  edit: EditContext,
  path: LicenseListFieldName,
  field: FieldKind,
  display?: ReactNode,
): WidgetField {
  const text = label(path);
  const shown = valueAt(license, path);
  const view = display ?? (shown === null || shown === '' ? null : String(shown));
  if (!edit.draft) return { label: text, view };
  return { label: text, view, input: fieldInput(edit, path, text, field) };
}

function fieldInput(edit: EditContext, path: string, text: string, field: FieldKind): ReactNode {
  const value = valueAt(edit.draft!, path);
  const error = edit.problems[path];
  const common = { id: licenseFieldId(path), label: text, error };
  switch (field.kind) {
    case 'select':
      return (
        <Select
          key={path}
          {...common}
          data={field.options}
          value={value === null ? null : String(value)}
          allowDeselect={field.clearable ?? false}
          clearable={field.clearable}
          // Mantine leaves its clear button to the mouse (tabIndex -1, aria-hidden): here it is a
          // named button that Tab reaches too.
          clearButtonProps={{
            tabIndex: 0,
            'aria-hidden': false,
            'aria-label': licensePageMessages.clearField(text),
          }}
          onChange={(next) => edit.change(path, next)}
        />
      );
    case 'integer':
      return (
        <TextInput
          key={path}
          {...common}
          inputMode="numeric"
          value={value === null ? '' : String(value)}
          onChange={(event) => edit.change(path, parseInteger(event.currentTarget.value, field.fallback))}
        />
      );
    case 'textarea':
      return (
        <Textarea
          key={path}
          {...common}
          autosize
          minRows={2}
          value={(value as string | null) ?? ''}
          onChange={(event) => edit.change(path, event.currentTarget.value)}
        />
      );
    default:
      return (
        <TextInput
          key={path}
          {...common}
          value={(value as string | null) ?? ''}
          onChange={(event) => edit.change(path, event.currentTarget.value)}
        />
      );
  }
}

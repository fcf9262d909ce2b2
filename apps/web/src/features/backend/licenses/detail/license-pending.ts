import { fieldLabel, findListField, LICENSE_LIST_FIELDS } from '@lizenzportal/domain';
import type { PendingField } from '@/components/ui/form-submit-button';

/** The draft's problems for „Speichern”'s note (`FormSubmitButton`): the fields by their labels. */
export function licensePending(problems: Record<string, string>): PendingField[] {
  return Object.keys(problems).map((path) => ({
    field: path,
    label: findListField(LICENSE_LIST_FIELDS, path)?.label ?? fieldLabel(path),
    missing: false,
  }));
}

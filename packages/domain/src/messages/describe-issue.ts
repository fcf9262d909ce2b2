import { z, type core } from 'zod';
import { CONTROL_CHARACTER, LINE_BREAK_OR_CONTROL } from '../formats/plain-text.ts';
import { fieldLabel, validationMessages } from './validation.ts';

/**
 * The German message of a validation problem, by the catalogue of customer spec §8 and the field's
 * label (by its path, unless a form names it): what the API answers with a 400 and what a form
 * shows under the field.
 */
export function describeIssue(issue: core.$ZodIssue, fieldLabelOverride?: string): string {
  const path = issue.path.map(String).join('.');
  // A problem of the whole body (not of one field) has no label to name.
  if (fieldLabelOverride === undefined && !path && issue.code !== 'unrecognized_keys') {
    return validationMessages.request;
  }
  const label = fieldLabelOverride ?? fieldLabel(path);
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null
        ? validationMessages.required(label)
        : validationMessages.invalid(label);
    case 'too_small':
      if (issue.origin !== 'string') return validationMessages.invalid(label);
      return Number(issue.minimum) <= 1
        ? validationMessages.required(label)
        : validationMessages.minLength(label, Number(issue.minimum));
    case 'too_big':
      return issue.origin === 'string'
        ? validationMessages.maxLength(label, Number(issue.maximum))
        : validationMessages.invalid(label);
    case 'unrecognized_keys':
      return `Unbekanntes Feld „${[path, issue.keys[0]].filter(Boolean).join('.')}”.`;
    case 'custom':
      if (issue.message === 'required') return validationMessages.required(label);
      if (issue.message === LINE_BREAK_OR_CONTROL) return validationMessages.lineBreakOrControl(label);
      if (issue.message === CONTROL_CHARACTER) return validationMessages.controlCharacter(label);
      return issue.message;
    default:
      return validationMessages.invalid(label);
  }
}

/**
 * A validation problem of data checked against `schema`, as the API answers it and a form shows
 * it: the message, naming the field by its schema's title where it has one (`meta({ title })`)
 * else by the catalogue's label of its path, and the field's path (`holder.email`) when the
 * problem is one field's — the form sets the message on that field.
 */
export function describeIssueIn(
  schema: z.ZodType,
  issue: core.$ZodIssue,
): { message: string; field: string | undefined } {
  const field = issue.code === 'unrecognized_keys' ? undefined : issue.path.map(String).join('.');
  return { message: describeIssue(issue, titleAt(schema, issue.path)), field: field || undefined };
}

/** The `meta({ title })` of the field at `path` of an object schema, if it has one. */
function titleAt(schema: z.ZodType, path: readonly PropertyKey[]): string | undefined {
  let field: z.ZodType | undefined = schema;
  for (const segment of path) {
    field =
      field instanceof z.ZodObject ? (field.shape as Record<PropertyKey, z.ZodType>)[segment] : undefined;
  }
  return path.length > 0 && field ? z.globalRegistry.get(field)?.title : undefined;
}

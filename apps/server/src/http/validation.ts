import type { FastifySchemaCompiler } from 'fastify';
import type { ZodType, core } from 'zod';
import { fieldLabel, validationMessages } from '@lizenzportal/domain';
import { AppError } from './app-error.ts';

/**
 * Validates requests with the route's zod schema and turns the first problem into a German 400
 * message of the validation catalogue.
 */
export const validatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema }) =>
  (data) => {
    if (containsNullCharacter(data)) {
      return { error: new AppError('VALIDATION_FAILED', 'Die Anfrage enthält ein unzulässiges Zeichen.') };
    }
    const result = schema.safeParse(data, { reportInput: true });
    if (result.success) return { value: result.data };
    return { error: new AppError('VALIDATION_FAILED', describeIssue(result.error.issues[0]!)) };
  };

export function describeIssue(issue: core.$ZodIssue): string {
  const path = issue.path.map(String).join('.');
  if (!path && issue.code !== 'unrecognized_keys') return 'Die Anfrage ist ungültig.';
  const label = fieldLabel(path);
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
      return issue.message === 'required' ? validationMessages.required(label) : issue.message;
    default:
      return validationMessages.invalid(label);
  }
}

/** PostgreSQL text cannot hold U+0000; refusing it here keeps it from failing as a 500 later. */
function containsNullCharacter(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNullCharacter);
  if (value && typeof value === 'object') {
    return Object.entries(value).some(
      ([key, entry]) => key.includes('\u0000') || containsNullCharacter(entry),
    );
  }
  return false;
}

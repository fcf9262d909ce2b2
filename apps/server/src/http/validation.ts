import type { FastifySchemaCompiler } from 'fastify';
import type { ZodType } from 'zod';
import { describeIssueIn, validationMessages } from '@lizenzportal/domain';
import { AppError } from '../lib/app-error.ts';

/**
 * Validates requests with the route's zod schema and turns the first problem into a German 400
 * message of the validation catalogue, naming the field by its schema's title where it has one
 * (else by the catalogue's label of its path), and the field's path for the form to mark it.
 */
export const validatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema }) =>
  (data) => {
    if (containsNullCharacter(data)) {
      return { error: new AppError('VALIDATION_FAILED', validationMessages.forbiddenCharacter) };
    }
    const result = schema.safeParse(data, { reportInput: true });
    if (result.success) return { value: result.data };
    const { message, field } = describeIssueIn(schema, result.error.issues[0]!);
    return { error: new AppError('VALIDATION_FAILED', message, { field }) };
  };

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

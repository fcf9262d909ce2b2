import type { FastifySchemaCompiler } from 'fastify';
import { z, type ZodType } from 'zod';
import { describeIssue, validationMessages } from '@lizenzportal/domain';
import { AppError } from '../lib/app-error.ts';

/**
 * Validates requests with the route's zod schema and turns the first problem into a German 400
 * message of the validation catalogue, naming the field by its schema's title where it has one
 * (else by the catalogue's label of its path).
 */
export const validatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema }) =>
  (data) => {
    if (containsNullCharacter(data)) {
      return { error: new AppError('VALIDATION_FAILED', validationMessages.forbiddenCharacter) };
    }
    const result = schema.safeParse(data, { reportInput: true });
    if (result.success) return { value: result.data };
    const issue = result.error.issues[0]!;
    return { error: new AppError('VALIDATION_FAILED', describeIssue(issue, titleAt(schema, issue.path))) };
  };

/** The `meta({ title })` of the field at `path` of an object schema, if it has one. */
function titleAt(schema: ZodType, path: readonly PropertyKey[]): string | undefined {
  let field: ZodType | undefined = schema;
  for (const segment of path) {
    field = field instanceof z.ZodObject ? (field.shape as Record<PropertyKey, ZodType>)[segment] : undefined;
  }
  return path.length > 0 && field ? z.globalRegistry.get(field)?.title : undefined;
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

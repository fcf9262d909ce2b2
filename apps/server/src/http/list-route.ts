import type { FastifyRequest, preHandlerHookHandler } from 'fastify';
import { z } from 'zod';
import { ListQuerySyntaxError, parseApiListQuery, type ApiListQuery } from '@lizenzportal/domain';
import { compileListQuery } from '../lists/compile.ts';
import type { ListEntity } from '../lists/list-entity.ts';
import { EXACT_TOTAL_LIMIT, type ListTotal } from '../lists/list-page.ts';
import type { ListRequest } from '../lists/list-request.ts';
import { AppError } from '../lib/app-error.ts';
import { dataEnvelope } from './envelope.ts';

/** Documents the list parameters in OpenAPI; the filters themselves are read from the raw URL. */
export const listQuerystringSchema = z
  .object({
    limit: z.string().optional().describe('Page size; 0 = all (default 20)'),
    skip: z.string().optional().describe('Rows to skip'),
    sort: z.string().optional().describe('Field to sort by; "-" prefix for descending (default -createdAt)'),
  })
  .catchall(z.union([z.string(), z.array(z.string())]))
  .describe(
    'Filters: field=value, field!=value, field>value, field<value, field>=value, field<=value, field=a,b, field!=a,b, field=/regex/i, field, !field',
  );

/** The list query of a request, read from its raw URL (DESIGN.md §2); malformed syntax is a 400. */
export function readListQuery(request: FastifyRequest): ApiListQuery {
  const rawUrl = request.url;
  const rawQuery = rawUrl.includes('?') ? rawUrl.slice(rawUrl.indexOf('?') + 1) : '';
  try {
    return parseApiListQuery(rawQuery);
  } catch (error) {
    if (error instanceof ListQuerySyntaxError) throw new AppError('VALIDATION_FAILED', error.message);
    throw error;
  }
}

export interface ListRouteOptions<Key extends string, Item extends z.ZodType> {
  entity: ListEntity;
  /** The answer's name for the rows: `{ licenses, total }`. */
  key: Key;
  item: Item;
  tag: string;
  summary: string;
  preHandler: preHandlerHookHandler;
  list: (request: ListRequest) => Promise<Record<Key, z.infer<Item>[]> & ListTotal>;
}

/**
 * A back-office list endpoint: the list parameters and filters of DESIGN.md §2, compiled against
 * the entity, answered as `{ data: { <key>: [...], total, totalExact } }`. Every list is registered
 * with this.
 */
export function listRoute<Key extends string, Item extends z.ZodType>(options: ListRouteOptions<Key, Item>) {
  const answer = z.object({
    [options.key]: z.array(options.item),
    total: z.int(),
    totalExact: z
      .boolean()
      .describe(`false: more rows match than \`total\` (counted exactly up to ${EXACT_TOTAL_LIMIT})`),
  });
  return {
    preHandler: options.preHandler,
    schema: {
      tags: [options.tag],
      summary: options.summary,
      querystring: listQuerystringSchema,
      response: { 200: dataEnvelope(answer) },
    },
    handler: async (request: FastifyRequest) => ({
      data: await options.list(compileListQuery(readListQuery(request), options.entity)),
    }),
  };
}

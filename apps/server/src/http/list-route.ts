import type { FastifyRequest, preHandlerHookHandler } from 'fastify';
import { z } from 'zod';
import { ListQuerySyntaxError, parseApiListQuery, type ApiListQuery } from '@lizenzportal/domain';
import { compileListQuery } from '../lists/compile.ts';
import type { ListEntity } from '../lists/list-entity.ts';
import { EXACT_TOTAL_LIMIT, type ListPage } from '../lists/list-page.ts';
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

export interface ListRouteOptions<Item extends z.ZodType> {
  entity: ListEntity;
  item: Item;
  tag: string;
  summary: string;
  preHandler: preHandlerHookHandler;
  list: (request: ListRequest) => Promise<ListPage<z.infer<Item>>>;
}

/**
 * A back-office list endpoint at the path its declaration names (`app.route(listRoute(…))`): the
 * list parameters and filters of DESIGN.md §2, compiled against the entity, answered as
 * `{ data: { <key>: [...], total, totalExact } }` under the declaration's key. Every list is
 * registered with this.
 */
export function listRoute<Item extends z.ZodType>(options: ListRouteOptions<Item>) {
  const { path, key } = options.entity.list;
  const answer = z.object({
    [key]: z.array(options.item),
    total: z.int(),
    totalExact: z
      .boolean()
      .describe(`false: more rows match than \`total\` (counted exactly up to ${EXACT_TOTAL_LIMIT})`),
  });
  return {
    method: 'GET' as const,
    url: path,
    preHandler: options.preHandler,
    schema: {
      tags: [options.tag],
      summary: options.summary,
      querystring: listQuerystringSchema,
      response: { 200: dataEnvelope(answer) },
    },
    handler: async (request: FastifyRequest) => {
      const { rows, ...total } = await options.list(compileListQuery(readListQuery(request), options.entity));
      return { data: { [key]: rows, ...total } };
    },
  };
}

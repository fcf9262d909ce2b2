import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import Router from 'find-my-way';

interface Answer {
  method: string;
  path: string;
  status: number;
}

type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

/**
 * Records every answer a test file's app gives to `inject`, so that the file can end by checking
 * them against the app's OpenAPI document: a status an operation answered that its document does
 * not list fails the file (http/route-contract.ts says how a route declares it).
 */
export function recordAnswers(app: FastifyInstance): { undocumented(): Promise<string[]> } {
  const answers: Answer[] = [];
  const inject = app.inject.bind(app);
  app.inject = ((options?: InjectOptions) => {
    if (!options) return inject();
    return inject(options).then((response: LightMyRequestResponse) => {
      const url = new URL(options.url as string, 'http://portal');
      answers.push({ method: options.method ?? 'GET', path: url.pathname, status: response.statusCode });
      return response;
    });
  }) as FastifyInstance['inject'];

  return {
    async undocumented() {
      if (answers.length === 0) return [];
      const document = (await inject({ method: 'GET', url: '/api/docs/json' })).json() as {
        paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
      };
      const operations = Router();
      for (const [path, methods] of Object.entries(document.paths)) {
        for (const [method, operation] of Object.entries(methods)) {
          const statuses = new Set(Object.keys(operation.responses ?? {}));
          operations.on(method.toUpperCase() as HttpMethod, path.replace(/\{(\w+)\}/g, ':$1'), () => {}, {
            path,
            statuses,
          });
        }
      }
      const missing = new Set<string>();
      for (const answer of answers) {
        const found = operations.find(answer.method.toUpperCase() as HttpMethod, answer.path);
        const { path, statuses } = (found?.store ?? {}) as { path?: string; statuses?: Set<string> };
        if (path && !statuses!.has(String(answer.status))) {
          missing.add(`${answer.method.toUpperCase()} ${path}: ${answer.status}`);
        }
      }
      return [...missing];
    },
  };
}

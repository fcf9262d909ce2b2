import type { ListAnswer, ListDefinition } from '@lizenzportal/domain';
import { apiRequest } from '@/lib/api';
import { claimedUserType, readToken } from '@/lib/auth/token';
import { parseListState, toApiQuery } from '@/lib/list-state';

/** An early answer is taken only this soon after it was asked for: later the list asks anew. */
const FRESH_MS = 10_000;

interface EarlyAnswer {
  promise: Promise<unknown>;
  askedAt: number;
}

/** The first page's answer of each list asked for early, by its request (path and query). */
const early = new Map<string, EarlyAnswer>();

const requestKey = (list: ListDefinition, query: string) => `${list.path}?${query}`;

/**
 * Asks for the page of `list` that the address describes, while the list's own files are still on
 * their way, for a stored token issued to an admin (decision 068): on a first load the rows
 * otherwise waited for the page's files, their evaluation and first render before their request
 * was even sent. `useList` takes the answer once (`takeEarlyList`).
 */
export function startListEarly(list: ListDefinition, search = globalThis.location?.search ?? ''): void {
  if (claimedUserType(readToken()) !== 'admin') return;
  const query = toApiQuery(parseListState(new URLSearchParams(search)));
  const key = requestKey(list, query);
  if (early.has(key)) return;
  const promise = apiRequest(list.path, { query });
  // Whoever takes it sees a failure; one never taken is no error of its own.
  promise.catch(() => {});
  early.set(key, { promise, askedAt: Date.now() });
}

/** The early answer for this request, once, while it is fresh. */
export function takeEarlyList<List extends ListDefinition>(
  list: List,
  query: string,
): Promise<ListAnswer<List>> | undefined {
  const key = requestKey(list, query);
  const answer = early.get(key);
  early.delete(key);
  if (!answer || Date.now() - answer.askedAt > FRESH_MS) return undefined;
  return answer.promise as Promise<ListAnswer<List>>;
}

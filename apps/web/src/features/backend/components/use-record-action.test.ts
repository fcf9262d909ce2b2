import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { recordActionOptions, type RecordAction } from './use-record-action.ts';

/** Runs an action as its page would, and tells what the admin and the caches saw, in order. */
async function run(
  action: Omit<RecordAction<string, { id: string }>, 'request'>,
  answer: () => Promise<{ id: string }>,
) {
  const queryClient = new QueryClient();
  for (const key of [
    ['/x', 'audit'],
    ['/x', 'list'],
    ['/y', 'detail'],
  ])
    queryClient.setQueryData(key, {});
  const seen: string[] = [];
  const stale = () =>
    ['/x', '/y'].flatMap((path) =>
      queryClient
        .getQueryCache()
        .findAll({ queryKey: [path] })
        .filter((query) => query.state.isInvalidated)
        .map((query) => query.queryKey.join(' ')),
    );
  const options = recordActionOptions<string, { id: string }>(
    {
      ...action,
      request: (input) => {
        seen.push(`request ${input}`);
        return answer();
      },
      update: (result) => seen.push(`update ${result.id}`),
      afterRefresh: (result) => seen.push(`after refresh ${result.id}, stale: ${stale().join(', ')}`),
    },
    queryClient,
    (toast) => seen.push(`${toast.color} toast „${toast.message}”, stale: ${stale().join(', ') || 'none'}`),
  );
  await new MutationObserver(queryClient, options).mutate('input').catch(() => seen.push('failed'));
  return seen;
}

describe('a record action', () => {
  it('updates the page, shows its toast, refreshes what it names, then goes on', async () => {
    const seen = await run(
      {
        success: 'Lizenz aktualisiert',
        refresh: [
          ['/x', 'audit'],
          ['/x', 'list'],
        ],
      },
      () => Promise.resolve({ id: 'L1' }),
    );
    expect(seen).toEqual([
      'request input',
      'update L1',
      'green toast „Lizenz aktualisiert”, stale: none',
      'after refresh L1, stale: /x audit, /x list',
    ]);
  });

  it('words its toast from the answer', async () => {
    const seen = await run({ success: (answer) => `${answer.id} angelegt` }, () =>
      Promise.resolve({ id: 'L2' }),
    );
    expect(seen).toContain('green toast „L2 angelegt”, stale: none');
  });

  it('shows the API error text in the toast „Fehler: …” and changes nothing else', async () => {
    const seen = await run({ success: 'Erneut gesendet', refresh: [['/x']] }, () =>
      Promise.reject(new Error('Die Versand-Aktion wurde nicht gefunden.')),
    );
    expect(seen).toEqual([
      'request input',
      'red toast „Fehler: Die Versand-Aktion wurde nicht gefunden.”, stale: none',
      'failed',
    ]);
  });

  it('leaves the failure to a page that shows it itself', async () => {
    const seen = await run({ success: 'Lizenz aktualisiert', showsError: true }, () =>
      Promise.reject(new Error('Die Lizenz wurde inzwischen geändert.')),
    );
    expect(seen).toEqual(['request input', 'failed']);
  });
});

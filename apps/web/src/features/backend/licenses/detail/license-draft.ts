import { describeIssueIn, licenseUpdateSchema, type License } from '@lizenzportal/domain';

/** The license being edited: the loaded license with the admin's changes. */
export type LicenseDraft = License;

/** Sets the value at a dotted path (`holder.name`) in a copy of the draft. */
export function withValue(draft: LicenseDraft, path: string, value: unknown): LicenseDraft {
  const [head, ...rest] = path.split('.');
  const record = draft as unknown as Record<string, unknown>;
  if (rest.length === 0) return { ...draft, [head!]: value };
  return {
    ...draft,
    [head!]: withValue(record[head!] as LicenseDraft, rest.join('.'), value),
  } as LicenseDraft;
}

/** An integer typed into a field: empty or unreadable is `fallback` (download counts fall back to 0). */
export function parseInteger(text: string | number, fallback: number | null): number | null {
  if (typeof text === 'number') return Number.isInteger(text) ? text : Math.trunc(text);
  const parsed = Number.parseInt(text, 10);
  return Number.isNaN(parsed) ? fallback : parsed;
}

/**
 * The draft's problems by field path, worded as the server words them (the same schema): a bound
 * license needs holder name, e-mail and type; the e-mail must be valid; …
 */
export function draftProblems(draft: LicenseDraft): Record<string, string> {
  const result = licenseUpdateSchema().safeParse(draft);
  if (result.success) return {};
  const problems: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const { message, field } = describeIssueIn(licenseUpdateSchema(), issue);
    problems[field ?? ''] ??= message;
  }
  return problems;
}

type Fields = Record<string, unknown>;

const isRecord = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The dotted paths of the values (a list counts as one value) where `draft` differs from `base`. */
export function changedPaths(base: LicenseDraft, draft: LicenseDraft): string[] {
  const walk = (before: unknown, after: unknown, path: string): string[] => {
    if (isRecord(before) && isRecord(after)) {
      const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
      return [...keys].flatMap((key) => walk(before[key], after[key], path ? `${path}.${key}` : key));
    }
    return JSON.stringify(before) === JSON.stringify(after) ? [] : [path];
  };
  return walk(base, draft, '');
}

/** Reads a dotted path (`holder.name`) of a license: undefined where the path leads nowhere. */
export const valueAt = (record: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((value, key) => (isRecord(value) ? value[key] : undefined), record);

/**
 * The admin's changes carried over to the license as it is now: the edit started from `base`, the
 * server refused it because the license changed meanwhile (409), and `current` is the license
 * loaded again. Every value the admin changed takes the admin's value, all others (and the revision)
 * are the current ones — the form keeps what was typed, as its message promises.
 */
export function rebaseDraft(base: LicenseDraft, draft: LicenseDraft, current: LicenseDraft): LicenseDraft {
  return changedPaths(base, draft).reduce(
    (rebased, path) => withValue(rebased, path, valueAt(draft, path)),
    structuredClone(current),
  );
}

/**
 * The draft kept in the tab's session storage while the admin edits: a sign-in that ends (or a
 * reload) loses no typed work — after signing in again the edit goes on where it stopped.
 */
const draftKey = (id: string) => `license-draft:${id}`;

export function keptDraft(id: string): LicenseDraft | null {
  try {
    const kept = sessionStorage.getItem(draftKey(id));
    return kept === null ? null : (JSON.parse(kept) as LicenseDraft);
  } catch {
    return null;
  }
}

export function keepDraft(id: string, draft: LicenseDraft | null): void {
  if (draft === null) sessionStorage.removeItem(draftKey(id));
  else sessionStorage.setItem(draftKey(id), JSON.stringify(draft));
}

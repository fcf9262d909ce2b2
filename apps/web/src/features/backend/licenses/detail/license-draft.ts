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

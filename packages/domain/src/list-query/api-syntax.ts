import { API_FILTER_OPERATORS, apiOperatorRow, type ApiFilterOperator, type ApiForm } from './operators.ts';

/**
 * The list query syntax of the API (DESIGN.md §2): `limit`, `skip`, `sort` and filters written as
 * query parameters, each in the form its operator's row gives (`FILTER_OPERATOR_TABLE`):
 * `field=value`, `field!=value`, `field>value`, `field<value`, `field>=value`, `field<=value`,
 * `field=a,b` (in), `field!=a,b` (not in), `field=/regex/i`, `field` (exists), `!field` (does not
 * exist).
 *
 * Values are split on literal commas before percent-decoding, so a comma inside a value is sent
 * as `%2C`; likewise a plain value starting with `/` is sent as `%2F…`.
 */
/** What a list request without `limit` or `sort` gets: the newest 20. */
export const DEFAULT_LIST_LIMIT = 20;
export const DEFAULT_LIST_SORT = '-createdAt';

export interface ApiFilter {
  field: string;
  operator: ApiFilterOperator;
  /** One value for comparisons and regex, several for in/nin, none for the exists operators. */
  values: string[];
}

export interface ApiListQuery {
  limit?: string;
  skip?: string;
  sort?: string;
  filters: ApiFilter[];
}

/** An API form taken apart: `!` before the field, the comparator after it, and the value's shape. */
interface FormParts {
  negated: boolean;
  comparator: string | null;
  shape: 'value' | 'a,b' | '/regex/i' | null;
}

function formParts(form: ApiForm): FormParts {
  const [, bang, comparator, shape] = /^(!?)field(?:(!=|<=|>=|=|<|>)(value|a,b|\/regex\/i))?$/.exec(form)!;
  return {
    negated: bang === '!',
    comparator: comparator ?? null,
    shape: (shape ?? null) as FormParts['shape'],
  };
}

const API_FORMS = new Map(
  API_FILTER_OPERATORS.map((operator) => [operator, formParts(apiOperatorRow(operator).api)]),
);

/** The operator written in this form, if the API has one. */
function operatorOfForm(form: FormParts): ApiFilterOperator | undefined {
  for (const [operator, parts] of API_FORMS) {
    if (
      parts.negated === form.negated &&
      parts.comparator === form.comparator &&
      parts.shape === form.shape
    ) {
      return operator;
    }
  }
  return undefined;
}

/** The comparators that take several values (`=` and `!=`), for the message that says so. */
const SEVERAL_VALUE_COMPARATORS = [...API_FORMS.values()]
  .filter((parts) => parts.shape === 'a,b')
  .map((parts) => parts.comparator)
  .join(' und ');

const RESERVED = new Set(['limit', 'skip', 'sort']);
const FIELD = /^(!|%21)?([A-Za-z_][\w.]*)/i;
const REGEX_VALUE = /^\/(.*)\/i$/s;

export class ListQuerySyntaxError extends Error {}

function decode(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    throw new ListQuerySyntaxError(`Ungültige Kodierung in „${raw}”.`);
  }
}

/** The character at `index`, percent-decoded when written as `%XX`; browsers encode `<` and `>`. */
function charAt(text: string, index: number): { char: string; length: number } | undefined {
  if (index >= text.length) return undefined;
  const escaped = /^%[0-9a-f]{2}/i.exec(text.slice(index, index + 3));
  if (escaped) return { char: String.fromCharCode(parseInt(escaped[0].slice(1), 16)), length: 3 };
  return { char: text[index]!, length: 1 };
}

/**
 * Splits `<comparator><value>` after the field name: `=`, `!=`, `>`, `<`, `>=` or `<=`. An encoded
 * `=` belongs to the comparator only after an encoded `<` or `>` (as browsers write `>=`): after a
 * literal one it starts the value, so `size<%3Dx` is „less than =x”, as `toApiQueryString` writes it.
 */
function readComparator(rest: string): { comparator: string; rawValue: string } | undefined {
  const first = charAt(rest, 0);
  if (!first || !'!<>='.includes(first.char)) return undefined;
  const second = first.char === '=' ? undefined : charAt(rest, first.length);
  const literalBeforeEncoded = first.length === 1 && second?.length === 3 && first.char !== '!';
  if (second?.char === '=' && !literalBeforeEncoded) {
    return { comparator: `${first.char}=`, rawValue: rest.slice(first.length + second.length) };
  }
  if (first.char === '!') return undefined;
  return { comparator: first.char, rawValue: rest.slice(first.length) };
}

/** Parses the raw query string (without `?`) of a list request. */
export function parseApiListQuery(rawQuery: string): ApiListQuery {
  const query: ApiListQuery = { filters: [] };
  for (const segment of rawQuery.split('&')) {
    if (!segment) continue;
    const invalid = () => new ListQuerySyntaxError(`Ungültiger Filter „${decode(segment)}”.`);
    const field = FIELD.exec(segment);
    if (!field) throw invalid();
    const negated = field[1] !== undefined;
    const name = field[2]!;
    const rest = segment.slice(field[0].length);
    if (rest === '') {
      const operator = operatorOfForm({ negated, comparator: null, shape: null });
      if (!operator) throw invalid();
      query.filters.push({ field: name, operator, values: [] });
      continue;
    }
    const parsed = readComparator(rest);
    if (!parsed || negated) throw invalid();
    if (RESERVED.has(name) && parsed.comparator === '=') {
      query[name as 'limit' | 'skip' | 'sort'] = decode(parsed.rawValue);
      continue;
    }
    query.filters.push(toFilter(name, parsed.comparator, parsed.rawValue));
  }
  return query;
}

function toFilter(field: string, comparator: string, rawValue: string): ApiFilter {
  const form = (shape: FormParts['shape']) => operatorOfForm({ negated: false, comparator, shape });
  const regex = REGEX_VALUE.exec(rawValue);
  const searched = regex && form('/regex/i');
  if (searched) return { field, operator: searched, values: [decode(regex[1]!)] };
  const values = rawValue.split(',').map(decode);
  const operator = form(values.length > 1 ? 'a,b' : 'value');
  if (!operator) {
    throw new ListQuerySyntaxError(
      `Mehrere Werte sind nur mit ${SEVERAL_VALUE_COMPARATORS} möglich („${field}”).`,
    );
  }
  return { field, operator, values };
}

/** Writes a list query in the API syntax (the inverse of `parseApiListQuery`). */
export function toApiQueryString(query: ApiListQuery): string {
  const parts: string[] = [];
  for (const name of ['limit', 'skip', 'sort'] as const) {
    if (query[name] !== undefined) parts.push(`${name}=${encodeURIComponent(query[name]!)}`);
  }
  for (const filter of query.filters) {
    const { negated, comparator, shape } = API_FORMS.get(filter.operator)!;
    const head = `${negated ? '!' : ''}${filter.field}`;
    // encodeURIComponent also encodes `,` and `/`, so values never read as lists or regexes.
    const plain = filter.values.map(encodeURIComponent);
    const value =
      shape === 'a,b' ? plain.join(',') : shape === '/regex/i' ? `/${plain[0] ?? ''}/i` : (plain[0] ?? '');
    parts.push(comparator === null ? head : `${head}${comparator}${value}`);
  }
  return parts.join('&');
}

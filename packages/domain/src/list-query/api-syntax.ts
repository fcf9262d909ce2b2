/**
 * The list query syntax of the API (DESIGN.md §2): `limit`, `skip`, `sort` and filters written as
 * query parameters — `field=value`, `field!=value`, `field>value`, `field<value`, `field>=value`,
 * `field<=value`, `field=a,b` (in), `field!=a,b` (not in), `field=/regex/i`, `field` (exists),
 * `!field` (does not exist).
 *
 * Values are split on literal commas before percent-decoding, so a comma inside a value is sent
 * as `%2C`; likewise a plain value starting with `/` is sent as `%2F…`.
 */
/** What a list request without `limit` or `sort` gets: the newest 20. */
export const DEFAULT_LIST_LIMIT = 20;
export const DEFAULT_LIST_SORT = '-createdAt';

export const API_FILTER_OPERATORS = [
  'eq',
  'neq',
  'lt',
  'gt',
  'lte',
  'gte',
  'in',
  'nin',
  'regex',
  'notregex',
  'exists',
  'notexists',
] as const;
export type ApiFilterOperator = (typeof API_FILTER_OPERATORS)[number];

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
      query.filters.push({ field: name, operator: negated ? 'notexists' : 'exists', values: [] });
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
  const regex = REGEX_VALUE.exec(rawValue);
  if (regex && (comparator === '=' || comparator === '!=')) {
    return { field, operator: comparator === '=' ? 'regex' : 'notregex', values: [decode(regex[1]!)] };
  }
  const values = rawValue.split(',').map(decode);
  if (values.length > 1) {
    if (comparator === '=') return { field, operator: 'in', values };
    if (comparator === '!=') return { field, operator: 'nin', values };
    throw new ListQuerySyntaxError(`Mehrere Werte sind nur mit = und != möglich („${field}”).`);
  }
  const operators: Record<string, ApiFilterOperator> = {
    '=': 'eq',
    '!=': 'neq',
    '>': 'gt',
    '<': 'lt',
    '>=': 'gte',
    '<=': 'lte',
  };
  return { field, operator: operators[comparator]!, values };
}

/** Writes a list query in the API syntax (the inverse of `parseApiListQuery`). */
export function toApiQueryString(query: ApiListQuery): string {
  const parts: string[] = [];
  for (const name of ['limit', 'skip', 'sort'] as const) {
    if (query[name] !== undefined) parts.push(`${name}=${encodeURIComponent(query[name]!)}`);
  }
  for (const filter of query.filters) {
    // encodeURIComponent also encodes `,` and `/`, so values never read as lists or regexes.
    const plain = filter.values.map(encodeURIComponent);
    const regex = () => `/${encodeURIComponent(filter.values[0] ?? '')}/i`;
    switch (filter.operator) {
      case 'exists':
        parts.push(filter.field);
        break;
      case 'notexists':
        parts.push(`!${filter.field}`);
        break;
      case 'regex':
        parts.push(`${filter.field}=${regex()}`);
        break;
      case 'notregex':
        parts.push(`${filter.field}!=${regex()}`);
        break;
      case 'in':
      case 'eq':
        parts.push(`${filter.field}=${plain.join(',')}`);
        break;
      case 'nin':
      case 'neq':
        parts.push(`${filter.field}!=${plain.join(',')}`);
        break;
      default: {
        const symbol = { lt: '<', gt: '>', lte: '<=', gte: '>=' }[filter.operator];
        parts.push(`${filter.field}${symbol}${plain[0] ?? ''}`);
      }
    }
  }
  return parts.join('&');
}

/** Escapes text so that a regex matches it literally (for contains/starts with/ends with). */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

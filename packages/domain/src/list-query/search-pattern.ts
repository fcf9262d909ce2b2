/**
 * What a list's search pattern (`field=/…/i`, PostgreSQL's regular expressions) may use. A
 * back-reference (`\1` … `\9`) makes PostgreSQL's matcher backtrack: a pattern of a few characters
 * can then take minutes per thousand rows, and the embedded database cannot be interrupted.
 * Without back-references PostgreSQL matches in time proportional to the text.
 */
export const BACK_REFERENCE_NOT_ALLOWED = 'Rückbezüge wie \\1 sind in Suchmustern nicht möglich.';

/** Why the pattern cannot be used, or undefined when it can. */
export function searchPatternProblem(pattern: string): string | undefined {
  for (let index = 0; index < pattern.length; index++) {
    if (pattern[index] !== '\\') continue;
    const escaped = pattern[index + 1] ?? '';
    if (escaped >= '1' && escaped <= '9') return BACK_REFERENCE_NOT_ALLOWED;
    index++;
  }
  return undefined;
}

/**
 * A search pattern for a field whose values are stored normalized (a license key without its
 * dashes, a start code without its space): the literal characters the field's normalizer drops
 * (separators, and whatever else input loses before use, DESIGN.md §3) are left out of the pattern,
 * with their quantifier, so `FQUQ-TBRD` and `123 456` find what the back office shows. Escapes,
 * bracket expressions, quantifiers and groups stay as they are. A pattern of nothing but such
 * characters stays as it is: it finds nothing rather than everything.
 */
export function normalizeSearchPattern(pattern: string, normalize: (value: string) => string): string {
  let result = '';
  let index = 0;
  const take = (length: number) => {
    result += pattern.slice(index, index + length);
    index += length;
  };
  while (index < pattern.length) {
    const character = pattern[index]!;
    if (character === '\\') take(2);
    else if (character === '[') take(bracketLength(pattern, index));
    else if (character === '{') take(braceLength(pattern, index));
    else if (character === '(' && pattern[index + 1] === '?') take(groupPrefixLength(pattern, index));
    else if (REGEX_SYNTAX.includes(character) || normalize(character) !== '') take(1);
    else index += 1 + quantifierLength(pattern, index + 1);
  }
  return result === '' ? pattern : result;
}

const REGEX_SYNTAX = '^$.|?*+()]}';

/** `[…]` up to its closing bracket (a `]` first in the set, `[:alpha:]` and the like included). */
function bracketLength(pattern: string, start: number): number {
  let index = start + 1;
  if (pattern[index] === '^') index++;
  if (pattern[index] === ']') index++;
  while (index < pattern.length && pattern[index] !== ']') {
    const inner = /^\[([:.=]).*?\1\]/.exec(pattern.slice(index));
    index += inner ? inner[0].length : pattern[index] === '\\' ? 2 : 1;
  }
  return Math.min(index + 1, pattern.length) - start;
}

function braceLength(pattern: string, start: number): number {
  const end = pattern.indexOf('}', start);
  return end === -1 ? 1 : end + 1 - start;
}

/** `(?:`, `(?=`, `(?!`, `(?<=`, `(?<!`. */
function groupPrefixLength(pattern: string, start: number): number {
  return /^\(\?(<?[=!]|:)?/.exec(pattern.slice(start))![0].length;
}

/** The quantifier (with its laziness mark) after a left-out character. */
function quantifierLength(pattern: string, start: number): number {
  const quantifier = /^(?:[?*+]|\{\d*(?:,\d*)?\})\??/.exec(pattern.slice(start));
  return quantifier ? quantifier[0].length : 0;
}

/** Escapes text so that a regex matches it literally (for contains/starts with/ends with). */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

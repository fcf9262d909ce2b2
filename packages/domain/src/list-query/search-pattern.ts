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

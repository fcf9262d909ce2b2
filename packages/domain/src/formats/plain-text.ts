import type { z } from 'zod';

/**
 * The issue messages of the text rules below: codes, not texts — `describeIssue` words them with
 * the field's label (messages/validation.ts).
 */
export const LINE_BREAK_OR_CONTROL = 'lineBreakOrControl';
export const CONTROL_CHARACTER = 'controlCharacter';

/**
 * What no name, address or other line of text may hold: control characters (C0 — line breaks and
 * tabs among them —, DEL, C1), the Unicode line and paragraph separators, and the bidirectional
 * embeddings, overrides and isolates that make a text read differently from what it holds. A name
 * is one line of text: it reaches mails, PDFs and mail headers as it is typed.
 */
const NOT_IN_A_LINE = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;

/** The same in a text of several lines (a note): line breaks and tabs are allowed there. */
const NOT_IN_A_TEXT = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069](?<![\t\n\r])/u;

/** Text of one line: refuses line breaks and control characters (validation message naming the field). */
export function oneLine(schema: z.ZodString): z.ZodString {
  return schema.refine((text) => !NOT_IN_A_LINE.test(text), { error: LINE_BREAK_OR_CONTROL });
}

/** Text of several lines: line breaks and tabs are allowed, other control characters are not. */
export function severalLines(schema: z.ZodString): z.ZodString {
  return schema.refine((text) => !NOT_IN_A_TEXT.test(text), { error: CONTROL_CHARACTER });
}

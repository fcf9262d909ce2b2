/**
 * How an input field shows a code while it is typed: which characters count (the rest are
 * separators or dropped) and how the counted ones are grouped. The web app keeps the caret on the
 * same counted character when the grouping changes the text around it.
 */
export interface TextFormat {
  /** Whether a typed character is part of the code (not a separator, not dropped). */
  counts: (character: string) => boolean;
  /** The grouped form of (partial) input, as the field shows it. */
  format: (input: string) => string;
}

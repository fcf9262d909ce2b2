import type { TextFormat } from '@lizenzportal/domain';

export interface Edit {
  /** The field's text before the edit (formatted). */
  before: string;
  /** The text the browser made of it: the edit applied to the old formatting. */
  after: string;
  /** The caret in `after`. */
  caret: number;
  /** A deletion's direction (Backspace or Delete), from the input event. */
  deletion?: 'backward' | 'forward';
}

const countIn = (format: TextFormat, text: string) => [...text].filter(format.counts).length;

/**
 * The formatted text after an edit, and where the caret goes: behind the same counted character
 * as before the grouping changed the text around it. Deleting a separator alone deletes the
 * counted character beside it, as the user meant.
 */
export function applyEdit(format: TextFormat, edit: Edit): { value: string; caret: number } {
  let { after, caret } = edit;
  if (
    edit.deletion &&
    after.length < edit.before.length &&
    countIn(format, after) === countIn(format, edit.before)
  ) {
    const characters = [...after];
    const index =
      edit.deletion === 'backward'
        ? characters.slice(0, caret).findLastIndex(format.counts)
        : characters.findIndex((character, at) => at >= caret && format.counts(character));
    if (index >= 0) {
      characters.splice(index, 1);
      after = characters.join('');
      if (edit.deletion === 'backward') caret = index;
    }
  }
  const counted = countIn(format, after.slice(0, caret));
  const value = format.format(after);
  let position = 0;
  for (let seen = 0; position < value.length && seen < counted; position++) {
    if (format.counts(value[position]!)) seen++;
  }
  return { value, caret: position };
}

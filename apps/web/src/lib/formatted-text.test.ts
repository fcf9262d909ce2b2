import { LICENSE_KEY_FORMAT, OFFER_CODE_FORMAT, START_CODE_FORMAT } from '@lizenzportal/domain';
import { describe, expect, it } from 'vitest';
import { applyEdit } from './formatted-text.ts';

/** Types `text` at `caret` (marked `|` in the test names) into `before`. */
const type = (before: string, caret: number, text: string) => ({
  before,
  after: before.slice(0, caret) + text + before.slice(caret),
  caret: caret + text.length,
});

const backspace = (before: string, caret: number) => ({
  before,
  after: before.slice(0, caret - 1) + before.slice(caret),
  caret: caret - 1,
  deletion: 'backward' as const,
});

describe('formatted input keeps the caret where the user edits', () => {
  it('license key: Backspace after the X of LLC5-TAX|W-2KB, then Q → LLC5-TAQ|W-2KB', () => {
    const deleted = applyEdit(LICENSE_KEY_FORMAT, backspace('LLC5-TAXW-2KB', 8));
    expect(deleted).toEqual({ value: 'LLC5-TAW2-KB', caret: 7 });
    expect(applyEdit(LICENSE_KEY_FORMAT, type(deleted.value, deleted.caret, 'q'))).toEqual({
      value: 'LLC5-TAQW-2KB',
      caret: 8,
    });
  });

  it('license key: typing at the end steps over the new dash', () => {
    expect(applyEdit(LICENSE_KEY_FORMAT, type('LLC5', 4, 't'))).toEqual({ value: 'LLC5-T', caret: 6 });
  });

  it('Backspace on a separator deletes the character before it', () => {
    expect(applyEdit(LICENSE_KEY_FORMAT, backspace('LLC5-TAXW', 5))).toEqual({ value: 'LLCT-AXW', caret: 3 });
    expect(applyEdit(START_CODE_FORMAT, backspace('123 456', 4))).toEqual({ value: '124 56', caret: 2 });
  });

  it('Delete on a separator deletes the character after it', () => {
    const edit = { before: '123 456', after: '123456', caret: 3, deletion: 'forward' as const };
    expect(applyEdit(START_CODE_FORMAT, edit)).toEqual({ value: '123 56', caret: 3 });
  });

  it('start code: a digit typed in the middle', () => {
    expect(applyEdit(START_CODE_FORMAT, type('123 45', 1, '9'))).toEqual({ value: '192 345', caret: 2 });
  });

  it('dropped characters do not move the caret', () => {
    expect(applyEdit(START_CODE_FORMAT, type('123 45', 2, 'x'))).toEqual({ value: '123 45', caret: 2 });
  });

  it('offer code keeps case and groups 3-3-3', () => {
    expect(applyEdit(OFFER_CODE_FORMAT, type('aBc dEf', 5, 'Z'))).toEqual({ value: 'aBc dZE f', caret: 6 });
  });

  it('pasting a whole key puts the caret at its end', () => {
    expect(applyEdit(LICENSE_KEY_FORMAT, type('', 0, 'abcd efgh jklm'))).toEqual({
      value: 'ABCD-EFGH-JKLM',
      caret: 14,
    });
  });
});

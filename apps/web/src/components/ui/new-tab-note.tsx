import { NEW_TAB_NOTE } from '@lizenzportal/domain';

/**
 * What a link that opens a new tab says after its name, to screen readers only (WCAG 3.2.5): a
 * class of the global style sheet, so the portal's first page loads no component for it.
 */
export function NewTabNote() {
  return <span className="lp-visually-hidden"> {NEW_TAB_NOTE}</span>;
}

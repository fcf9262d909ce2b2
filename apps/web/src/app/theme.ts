import {
  createTheme,
  DEFAULT_THEME,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';
import { CLOSE_DIALOG_LABEL, CLOSE_NOTIFICATION_LABEL } from '@lizenzportal/domain';

/**
 * Mantine's shades 6–9 (filled buttons and badges, outlines, links, light-variant text) are too
 * light for WCAG 2.2 AA: white on blue-6 is 3.6:1, gray-6 text 3.3:1. Each palette keeps its light
 * shades 0–5 (backgrounds) and gets shades 6–9 darkened to at least 5.2, 6.2, 7.2 and 8.5:1 against
 * white — 4.5:1 with room for the tinted backgrounds of alerts and light badges. `theme.test.ts`
 * checks every palette, so a colour added here cannot fall below.
 */
function accessible(name: keyof typeof DEFAULT_THEME.colors, dark: [string, string, string, string]) {
  return [...DEFAULT_THEME.colors[name]!.slice(0, 6), ...dark] as unknown as MantineColorsTuple;
}

const colors = {
  blue: accessible('blue', ['#156ebb', '#1662a7', '#135897', '#134e85']),
  red: accessible('red', ['#d80606', '#c10f0f', '#ab1a1a', '#921f1f']),
  green: accessible('green', ['#297b38', '#226e30', '#1d632b', '#1b5727']),
  yellow: accessible('yellow', ['#8e6403', '#855600', '#7d4900', '#763d00']),
  orange: accessible('orange', ['#af5001', '#a34405', '#963908', '#882d09']),
  gray: accessible('gray', ['#656d75', '#495057', '#343a40', '#212529']),
  teal: accessible('teal', ['#0c7958', '#086d4f', '#066246', '#05563e']),
  grape: accessible('grape', ['#ad29cf', '#9731b0', '#862e9b', '#77298a']),
  cyan: accessible('cyan', ['#0f7786', '#0b6977', '#09606e', '#085462']),
  pink: accessible('pink', ['#d01d5b', '#b42457', '#a41f4e', '#901a43']),
  violet: accessible('violet', ['#7449f1', '#653ae6', '#5b32d6', '#5234ac']),
  indigo: accessible('indigo', ['#365cf4', '#294ee8', '#2648cf', '#2d42a7']),
  lime: accessible('lime', ['#4d7712', '#436b0d', '#3a5f09', '#355507']),
};

/**
 * The borders of form controls (WCAG 1.4.11: 3:1 against their background): Mantine's gray-4 is
 * 1.5:1, so inputs and checkboxes get a border of 3.6:1 (`global.css`).
 */
export const CONTROL_BORDER = '#80878f';

export const theme = createTheme({
  colors,
  primaryColor: 'blue',
  primaryShade: 6,
  defaultRadius: 'md',
  // Keyboard users always see where the focus is; mouse clicks do not draw rings.
  focusRing: 'auto',
  // Plain objects, not `Modal.extend(…)`: that would import the components into every page that
  // uses the theme, also the assistant's first load in the shop, which opens no dialog.
  components: {
    // Tags read as written ("Fehler-Code 401", "Gebunden"), not in capitals.
    Badge: { styles: { root: { textTransform: 'none' } } },
    // Close buttons are named in German wherever a dialog or a toast has one.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': CLOSE_DIALOG_LABEL } } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': CLOSE_NOTIFICATION_LABEL } } },
    // Mantine's alerts are `role="alert"`, which interrupts a screen reader: a notice that stands
    // on the page („Alles in Ordnung”, „Pro Bestellung kann nur eine Pro-Lizenz …”) is a note; an
    // error that follows an action (ErrorBox) and the news of an action say `alert` or `status`.
    Alert: { defaultProps: { role: 'note' } },
    // A tooltip shows for the keyboard too: when its control has the focus, not only on hover.
    Tooltip: { defaultProps: { events: { hover: true, focus: true, touch: true } } },
    // A select's chevron is decoration: the combobox itself says it opens a list.
    ComboboxChevron: { defaultProps: { 'aria-hidden': true } },
  },
});

/**
 * Dimmed text (footers, hints) is gray-6, now 5.2:1. Disabled controls need no contrast by WCAG,
 * but their labels stay readable (5.1:1 on their gray background).
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: { '--lp-control-border': CONTROL_BORDER },
  light: {
    '--mantine-color-dimmed': resolved.colors.gray[6],
    '--mantine-color-disabled-color': '#5c636a',
  },
  dark: {},
});

import { Badge, createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  // Keyboard users always see where the focus is; mouse clicks do not draw rings.
  focusRing: 'auto',
  components: {
    // Tags read as written ("Fehler-Code 401", "Gebunden"), not in capitals.
    Badge: Badge.extend({ styles: { root: { textTransform: 'none' } } }),
  },
});

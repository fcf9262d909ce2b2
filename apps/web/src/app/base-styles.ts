/**
 * The styles every page needs before any component's: Mantine's reset, its CSS variables and
 * global classes (in `@layer mantine`, like the components' own stylesheets, which come with the
 * components: `build/mantine-styles.ts`), then the portal's unlayered rules.
 */
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import './global.css';

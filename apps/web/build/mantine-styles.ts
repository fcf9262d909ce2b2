import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Mantine's class names of a component (`Button.module.mjs`, the compiled CSS module) and the
 * stylesheet of that component in Mantine's cascade layer (`@layer mantine`). Not only the
 * components': the checkbox's, radio's and switch's label beside the input comes from
 * `esm/utils/InlineInput/InlineInput.module.mjs` (`styles/InlineInput.layer.css`).
 */
const STYLESHEETS = [
  {
    classNames: /\/@mantine\/core\/esm\/(?:.+\/)?(\w+)\.module\.mjs$/,
    stylesheet: (component: string) => `@mantine/core/styles/${component}.layer.css`,
  },
  {
    classNames: /\/@mantine\/notifications\/esm\/(?:.+\/)?\w+\.module\.mjs$/,
    stylesheet: () => '@mantine/notifications/styles.layer.css',
  },
];

/** The dev server's whole stylesheets: its pre-bundled Mantine is never transformed component by component. */
const WHOLE_STYLESHEETS = ['@mantine/core/styles.layer.css', '@mantine/notifications/styles.layer.css'];

/**
 * Each Mantine component brings its own stylesheet, into the chunk that bundles the component:
 * a page's first load carries the styles of the components its first screen renders, a lazy
 * page's chunk those of its own (decision 047). The stylesheet is imported by the component's
 * class-name module, which the component imports after the components it builds on, so their
 * styles come first, as Mantine's order of its per-component files requires. The entries import
 * the layer's base (`app/base-styles.ts`); the portal's own styles are unlayered and so win
 * over any of Mantine's, whichever file arrives last.
 */
export function mantineStylesPerComponent(): Plugin {
  return {
    name: 'mantine-styles-per-component',
    transformIndexHtml: {
      // Before Vite's own processing, which then resolves the script's imports.
      order: 'pre',
      handler: (_html, context) =>
        context.server && [
          {
            tag: 'script',
            attrs: { type: 'module' },
            children: WHOLE_STYLESHEETS.map((file) => `import ${JSON.stringify(file)};`).join('\n'),
            injectTo: 'head-prepend',
          },
        ],
    },
    transform(code, id) {
      const file = id.split('?')[0]!.split(path.sep).join('/');
      for (const { classNames, stylesheet } of STYLESHEETS) {
        const match = classNames.exec(file);
        if (match) return { code: `${code}\nimport ${JSON.stringify(stylesheet(match[1]!))};\n`, map: null };
      }
      return null;
    },
  };
}

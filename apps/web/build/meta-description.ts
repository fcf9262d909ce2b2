import path from 'node:path';
import type { Plugin } from 'vite';
import { pageDescriptions } from '../../../packages/domain/src/composed-messages/page-descriptions.ts';

/** Each entry page's description (decision 022: the assistant has its own). */
const DESCRIPTIONS: Record<string, string> = {
  'index.html': pageDescriptions.portal,
  'assistant.html': pageDescriptions.assistant,
};

/**
 * Writes the German meta description from the domain's catalogue into each entry page, so that
 * search engines and link previews read it without running the app.
 */
export function metaDescription(): Plugin {
  return {
    name: 'meta-description',
    transformIndexHtml(_html, context) {
      const description = DESCRIPTIONS[path.basename(context.filename)];
      if (description === undefined) throw new Error(`${context.filename} has no page description.`);
      return [{ tag: 'meta', attrs: { name: 'description', content: description }, injectTo: 'head' }];
    },
  };
}

import { LAYOUTS, type Layouts, type RenderTask } from '../kinds/layouts.ts';
import type { DocumentStyle } from './pdf-builder.ts';

export type { RenderTask } from '../kinds/layouts.ts';

/**
 * Renders a document of any kind as a PDF file, in this thread, by its kind's layout: the portal's
 * kinds by default (`kinds/layouts.ts`, all a render thread loads), or those of a registry a test
 * extends (`DocumentKinds.layouts`).
 */
export class DocumentRenderer {
  readonly #style: DocumentStyle;
  readonly #layouts: Layouts;

  constructor(style: DocumentStyle, layouts: Layouts = LAYOUTS) {
    this.#style = style;
    this.#layouts = layouts;
  }

  render(task: RenderTask): Promise<Uint8Array> {
    const layout = Object.hasOwn(this.#layouts, task.kind) ? this.#layouts[task.kind] : undefined;
    if (!layout) throw new Error(`no layout for the document kind "${task.kind}"`);
    return layout(this.#style, task);
  }
}

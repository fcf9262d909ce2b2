import type { KindTask } from '../kinds/kind.ts';
import { DOCUMENT_KINDS, type Layouts } from '../kinds/registry.ts';
import type { DocumentStyle } from './pdf-builder.ts';

/** A document to render: its kind, that kind's data (plain, it crosses into the render threads), its date. */
export type RenderTask = KindTask & Record<string, unknown>;

/**
 * Renders a document of any kind as a PDF file, in this thread, by its kind's layout: the
 * registry's kinds by default (`kinds/registry.ts`, what a render thread loads), or those of a
 * registry a test extends (`DocumentKinds.layouts`).
 */
export class DocumentRenderer {
  readonly #style: DocumentStyle;
  readonly #layouts: Layouts;

  constructor(style: DocumentStyle, layouts: Layouts = DOCUMENT_KINDS.layouts) {
    this.#style = style;
    this.#layouts = layouts;
  }

  render(task: RenderTask): Promise<Uint8Array> {
    const layout = Object.hasOwn(this.#layouts, task.kind) ? this.#layouts[task.kind] : undefined;
    if (!layout) throw new Error(`no layout for the document kind "${task.kind}"`);
    return layout(this.#style, task);
  }

  /**
   * Renders a document of each registered kind from example data and drops them: the first
   * document of a thread costs ten times the next (parsing the font tables, compiling the code,
   * laying out the fixed texts), and so it is paid when the thread starts, not by a customer's.
   */
  async warmUp(kinds = DOCUMENT_KINDS): Promise<void> {
    for (const task of kinds.examples(new Date())) await this.render(task);
  }
}

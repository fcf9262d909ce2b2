import { DOCUMENT_KINDS, type DocumentKinds, type RenderTask } from '../kinds/registry.ts';
import type { DocumentStyle } from './pdf-builder.ts';

export type { RenderTask } from '../kinds/registry.ts';

/** Renders a document of any kind as a PDF file, in this thread, by its kind's layout. */
export class DocumentRenderer {
  readonly #style: DocumentStyle;
  readonly #kinds: DocumentKinds;

  constructor(style: DocumentStyle, kinds: DocumentKinds = DOCUMENT_KINDS) {
    this.#style = style;
    this.#kinds = kinds;
  }

  render(task: RenderTask): Promise<Uint8Array> {
    return this.#kinds.get(task.kind).render(this.#style, task);
  }
}

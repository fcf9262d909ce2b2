import type { DocumentType, License } from '@lizenzportal/domain';
import { renderLicenseDocument } from './license-document.ts';
import { renderOfferDocument, type OfferDocumentData } from './offer-document.ts';
import type { DocumentStyle } from './pdf-builder.ts';
import { renderStarterDocument } from './starter-document.ts';

/** What a document of each kind is made from. */
interface DocumentContents {
  starter: { license: License };
  license: { license: License };
  offer: { offer: OfferDocumentData };
}

/**
 * One document to render: its kind, that kind's own data and the date printed on it. Tasks cross
 * into the render threads, so they hold plain data only.
 */
export type RenderTask = {
  [Kind in DocumentType]: { kind: Kind; createdAt: Date } & DocumentContents[Kind];
}[DocumentType];

type TaskOf<Kind extends DocumentType> = Extract<RenderTask, { kind: Kind }>;
type KindRenderer<Kind extends DocumentType> = (
  style: DocumentStyle,
  task: TaskOf<Kind>,
) => Promise<Uint8Array>;

/** The renderer of every document kind: a new kind of document is registered here, and only here. */
const RENDERERS: { [Kind in DocumentType]: KindRenderer<Kind> } = {
  starter: (style, { license, createdAt }) => renderStarterDocument(style, license, createdAt),
  license: (style, { license, createdAt }) => renderLicenseDocument(style, license, createdAt),
  offer: (style, { offer, createdAt }) => renderOfferDocument(style, offer, createdAt),
};

/** Renders a document of any kind as a PDF file, in this thread. */
export class DocumentRenderer {
  readonly #style: DocumentStyle;

  constructor(style: DocumentStyle) {
    this.#style = style;
  }

  render(task: RenderTask): Promise<Uint8Array> {
    const render = RENDERERS[task.kind] as KindRenderer<typeof task.kind>;
    return render(this.#style, task);
  }
}

import type { License } from '@lizenzportal/domain';
import type { DocumentType } from '@lizenzportal/domain';
import { renderLicenseDocument } from './license-document.ts';
import type { DocumentStyle } from './pdf-builder.ts';
import { renderStarterDocument } from './starter-document.ts';

/** Renders either document of a license as a PDF file. */
export class LicenseDocumentRenderer {
  readonly #style: DocumentStyle;

  constructor(style: DocumentStyle) {
    this.#style = style;
  }

  render(kind: DocumentType, license: License, createdAt: Date): Promise<Uint8Array> {
    return kind === 'starter'
      ? renderStarterDocument(this.#style, license, createdAt)
      : renderLicenseDocument(this.#style, license, createdAt);
  }
}

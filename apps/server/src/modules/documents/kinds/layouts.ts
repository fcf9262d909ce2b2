import type { DocumentType, License, LicenseDocumentType } from '@lizenzportal/domain';
import { renderLicenseDocument } from '../render/license-document.ts';
import { renderOfferDocument, type OfferDocumentData } from '../render/offer-document.ts';
import type { DocumentStyle } from '../render/pdf-builder.ts';
import { renderStarterDocument } from '../render/starter-document.ts';
import type { KindTask } from './kind.ts';

/** What a license's document is rendered from. */
export interface LicenseTask<Kind extends LicenseDocumentType> extends KindTask<Kind> {
  license: License;
}

/** What an offer's document is rendered from. */
export interface OfferTask extends KindTask<'offer'> {
  offer: OfferDocumentData;
}

/** How a kind's document is laid out: its PDF file, made from its task. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a table of layouts holds each with its own task
export type Layout<Task extends KindTask = any> = (style: DocumentStyle, task: Task) => Promise<Uint8Array>;

/** Layouts by kind name: what a renderer renders each kind's tasks with. */
export type Layouts = Readonly<Record<string, Layout>>;

const starter: Layout<LicenseTask<'starter'>> = (style, { license, createdAt }) =>
  renderStarterDocument(style, license, createdAt);
const license: Layout<LicenseTask<'license'>> = (style, { license, createdAt }) =>
  renderLicenseDocument(style, license, createdAt);
const offer: Layout<OfferTask> = (style, { offer, createdAt }) =>
  renderOfferDocument(style, offer, createdAt);

/**
 * How each of the portal's kinds renders, one row a kind (decision 032): the table the render
 * threads load. Each kind's file takes its `render` from here, so the threads load the layouts
 * without the kinds' loaders, mail facts and the modules they read (database code).
 */
export const LAYOUTS = { starter, license, offer } as const satisfies Record<DocumentType, Layout>;

/**
 * A document to render: of one of the portal's kinds (its kind, that kind's data, its date), or
 * of a kind a test registers (`KindTask`).
 */
export type RenderTask = Parameters<(typeof LAYOUTS)[DocumentType]>[1] | KindTask;

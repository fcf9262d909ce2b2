import type { DocumentType, License } from '@lizenzportal/domain';
import { workerData } from 'piscina';
import type { Branding } from './branding.ts';
import { loadUnicodeFonts } from './fonts.ts';
import { LicenseDocumentRenderer } from './license-document-renderer.ts';
import { warmUp } from './warm-up.ts';

/** A worker thread of the render pool (`pooled-renderer.ts`): renders one document per task. */

export interface RenderTask {
  kind: DocumentType;
  license: License;
  createdAt: Date;
}

export interface RenderWorkerData {
  branding: Branding;
}

const { branding } = workerData as RenderWorkerData;
// Passing it to the thread made the logo a plain Uint8Array, which pdfkit would take for a file name.
const logo =
  branding.logo && Buffer.from(branding.logo.buffer, branding.logo.byteOffset, branding.logo.byteLength);
// Fonts are parsed once per thread, when the pool starts it.
const renderer = new LicenseDocumentRenderer({ branding: { ...branding, logo }, fonts: loadUnicodeFonts() });
await warmUp(renderer);

export default function render({ kind, license, createdAt }: RenderTask): Promise<Uint8Array> {
  return renderer.render(kind, license, createdAt);
}

/** Answers once this module has loaded and warmed up: the pool's start-up check. */
export function ready(): boolean {
  return true;
}

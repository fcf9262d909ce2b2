import { workerData } from 'piscina';
import type { Branding } from './branding.ts';
import { DocumentRenderer, type RenderTask } from './document-renderer.ts';
import { loadUnicodeFonts } from './fonts.ts';

/** A worker thread of the render pool (`pooled-renderer.ts`): renders one document per task. */

export interface RenderWorkerData {
  branding: Branding;
}

const { branding } = workerData as RenderWorkerData;
// Passing it to the thread made the logo a plain Uint8Array, which pdfkit would take for a file name.
const logo =
  branding.logo && Buffer.from(branding.logo.buffer, branding.logo.byteOffset, branding.logo.byteLength);
// Fonts are parsed once per thread, when the pool starts it.
const renderer = new DocumentRenderer({ branding: { ...branding, logo }, fonts: loadUnicodeFonts() });
await renderer.warmUp();

export default function render(task: RenderTask): Promise<Uint8Array> {
  return renderer.render(task);
}

/** Answers once this module has loaded and warmed up: the pool's start-up check. */
export function ready(): boolean {
  return true;
}

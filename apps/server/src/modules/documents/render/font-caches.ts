import zlib from 'node:zlib';
import type * as fontkit from 'fontkit';
import type { FontSet } from './fonts.ts';

/**
 * Documents after which a font's layout cache starts afresh: it holds every word of those
 * documents (holder names, keys), and laying out the recurring ones again costs one document.
 */
const LAYOUT_CACHE_DOCUMENTS = 500;
/** Distinct font subsets (and their ToUnicode maps) kept per font; documents with the same glyphs share one. */
const SUBSET_CACHE_SIZE = 200;
/**
 * Characters every document's font subsets hold, in this order: the fixed texts, keys, codes and
 * most names use no others, so most documents embed one and the same subset.
 */
const BASE_CHARACTERS =
  ' !"#$%&\'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~' +
  'ÄÖÜäöüß€§°–—„“”‚‘’…•·×';

/**
 * The parts of pdfkit (0.20) this module reaches into; none of them is public API.
 * `font-caches.test.ts` fails when any of them changes.
 */
interface PdfkitDocument {
  /** The current font: after `doc.font(name)`, the document's EmbeddedFont of that name. */
  _font: PdfkitEmbeddedFont;
  /** Creates an indirect object; `embed()` writes the font through it. */
  ref(data?: Record<string, unknown>): PdfkitObject;
}

interface PdfkitEmbeddedFont {
  /** Laid-out words by text: pdfkit makes a new one per document and font. */
  layoutCache: Record<string, unknown> | undefined;
  /** The fontkit subset of the glyphs this document uses. */
  subset: { glyphs: number[]; encode(): Uint8Array };
  /** Adds the glyphs of `text` to the subset: what drawing text does. */
  encode(text: string): unknown;
  /** Writes the font (its file, descriptor, widths, ToUnicode map) when the document ends. */
  embed(): void;
}

interface PdfkitObject {
  data: Record<string, unknown>;
  /** Whether pdfkit deflates the stream: decided when the object is created. */
  compress: boolean;
  end(chunk?: string | Uint8Array): void;
}

/** What one parsed font remembers across documents. */
interface FontWork {
  /** Laid-out words, handed to pdfkit as each document's layout cache. */
  layouts: Record<string, unknown>;
  /** Documents that used `layouts`. */
  layoutUses: number;
  /** Encoded subset files by their glyph ids. */
  subsets: Map<string, Uint8Array>;
  /** The deflated bytes of each encoded subset file in `subsets`. */
  compressedSubsets: WeakMap<Uint8Array, Uint8Array>;
  /** Deflated ToUnicode maps by their text. */
  compressedMaps: Map<string, Uint8Array>;
}

const work = new WeakMap<fontkit.Font, FontWork>();

/**
 * Lets the document's embedded fonts reuse what other documents did with the same fonts: the
 * layout of words (OpenType shaping, the costliest step of setting text), encoding the font subset
 * and deflating it and its ToUnicode map (as much again as the rest of a document). pdfkit does
 * all of this per document, yet most words and, thanks to the base characters put first into every
 * subset, most subsets recur in every document. Call before drawing any text; pdfkit's built-in
 * fonts are left alone.
 */
export function shareFontWork(
  document: PDFKit.PDFDocument,
  fonts: FontSet,
  names: { regular: string; bold: string },
): void {
  const doc = document as unknown as PdfkitDocument;
  for (const face of ['regular', 'bold'] as const) {
    const font = fonts[face];
    if (typeof font === 'string') continue;
    const shared = workOf(font);
    document.font(names[face]);
    const embedded = doc._font;
    if (shared.layoutUses++ === LAYOUT_CACHE_DOCUMENTS) {
      shared.layouts = Object.create(null) as Record<string, unknown>;
      shared.layoutUses = 1;
    }
    // pdfkit never changes a laid-out word once cached: its own cache hands the same run to every use.
    embedded.layoutCache = shared.layouts;
    const { subset } = embedded;
    const encode = subset.encode.bind(subset);
    subset.encode = () =>
      remember(shared.subsets, subset.glyphs.join(','), () => {
        const bytes = encode();
        shared.compressedSubsets.set(bytes, zlib.deflateSync(bytes));
        return bytes;
      });
    const embed = embedded.embed.bind(embedded);
    embedded.embed = () => embedWithCompressedStreams(doc, shared, embed);
    embedded.encode(BASE_CHARACTERS);
  }
}

function workOf(font: fontkit.Font): FontWork {
  let shared = work.get(font);
  if (!shared) {
    shared = {
      layouts: Object.create(null) as Record<string, unknown>,
      layoutUses: 0,
      subsets: new Map(),
      compressedSubsets: new WeakMap(),
      compressedMaps: new Map(),
    };
    work.set(font, shared);
  }
  return shared;
}

/**
 * Runs pdfkit's `embed()` with the streams it writes handed over already deflated: the font file
 * (when it is an encoded subset from the cache) and the ToUnicode map, both the same for the same
 * subset. Any other object is written as pdfkit writes it.
 */
function embedWithCompressedStreams(doc: PdfkitDocument, shared: FontWork, embed: () => void): void {
  const ref = doc.ref;
  doc.ref = (data) => {
    const object = ref.call(doc, data);
    const end = object.end.bind(object);
    object.end = (chunk) => {
      const compressed = compressedStream(shared, chunk);
      if (!compressed) return end(chunk);
      object.compress = false;
      object.data['Filter'] = 'FlateDecode';
      // The length of the decoded font file, which PDF asks of embedded TrueType fonts.
      if (chunk instanceof Uint8Array) object.data['Length1'] = chunk.length;
      end(compressed);
    };
    return object;
  };
  try {
    embed();
  } finally {
    doc.ref = ref;
  }
}

function compressedStream(shared: FontWork, chunk: string | Uint8Array | undefined): Uint8Array | undefined {
  if (chunk instanceof Uint8Array) return shared.compressedSubsets.get(chunk);
  if (typeof chunk !== 'string') return undefined;
  // pdfkit ends a text stream with a line break.
  return remember(shared.compressedMaps, chunk, () => zlib.deflateSync(Buffer.from(`${chunk}\n`, 'latin1')));
}

/** The value under `key`, created first if missing; beyond the cache size the oldest is dropped. */
function remember<K, V>(map: Map<K, V>, key: K, create: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = create();
    if (map.size >= SUBSET_CACHE_SIZE) map.delete(map.keys().next().value!);
    map.set(key, value);
  }
  return value;
}

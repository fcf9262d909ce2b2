import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';

/**
 * A ZIP archive of `names.length` files whose contents arrive in order from `contents`, written
 * while it is read: yazl asks for an entry's content only when it is that entry's turn, so no
 * more than the entry being written (and what `contents` prefetches) is in memory. PDFs are
 * stored, not deflated: they are compressed already.
 */
export function zipArchiveStream(
  names: readonly string[],
  contents: AsyncIterator<Uint8Array>,
  modified: Date,
): Readable {
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  zip.on('error', (error: Error) => output.destroy(error));
  // A download given up (or failed) stops the production of further entries.
  output.on('close', () => void contents.return?.());
  for (const name of names) {
    zip.addReadStreamLazy(name, { compress: false, mtime: modified }, (callback) => {
      contents.next().then(
        (result) => {
          if (result.done) callback(new Error(`no content for ${name}`), Readable.from([]));
          else {
            const { buffer, byteOffset, byteLength } = result.value;
            callback(
              null,
              Readable.from([Buffer.from(buffer, byteOffset, byteLength)], { objectMode: false }),
            );
          }
        },
        (error: unknown) => callback(error, Readable.from([])),
      );
    });
  }
  zip.end();
  return output;
}

import crypto from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import {
  METASEARCH_PLATFORMS,
  RELEASE_PRODUCTS,
  releaseHasPlatforms,
  type MetasearchPlatform,
  type ReleaseProduct,
} from '@lizenzportal/domain';
import type { DB, ProductReleaseRow } from '../../db/schema.ts';
import { contentTypeOf } from '../../lib/storage/storage-key.ts';
import type { FileStorage } from '../../lib/storage/file-storage.ts';

/** A product file as staff publish it. */
export interface Publication {
  product: string;
  version: string;
  platform?: string | undefined;
  /** Path of the file to publish. */
  file: string;
}

/** Bad input to a publication: the message says what to fix; nothing was changed. */
export class PublicationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PublicationError';
  }
}

const VERSION_PATTERN = /^[0-9A-Za-z][0-9A-Za-z._-]{0,39}$/;

/** A name the browser can save the file under (and a storage key segment): unsafe marks become `_`. */
function releaseFileName(file: string): string {
  const name = path
    .basename(file)
    .replace(/[^\p{L}\p{N}._-]/gu, '_')
    .replace(/^[._-]+/, '');
  return (name || 'download').slice(-120);
}

/**
 * The catalogue of product releases: which file in storage is which version of which product (and
 * platform), and which one is the latest — the one published last.
 */
export class ProductReleases {
  readonly #db: Kysely<DB>;
  readonly #storage: FileStorage;

  constructor(db: Kysely<DB>, storage: FileStorage) {
    this.#db = db;
    this.#storage = storage;
  }

  /** The latest release of a product (and platform), or none yet. */
  async latest(
    product: ReleaseProduct,
    platform: MetasearchPlatform | null,
  ): Promise<ProductReleaseRow | undefined> {
    let query = this.#db.selectFrom('product_release').selectAll().where('product', '=', product);
    query = platform === null ? query.where('platform', 'is', null) : query.where('platform', '=', platform);
    return query.orderBy('published_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
  }

  /** The latest release of every product and platform published so far. */
  async latestOfEach(): Promise<ProductReleaseRow[]> {
    return this.#db
      .selectFrom('product_release')
      .selectAll()
      .distinctOn(['product', 'platform'])
      .orderBy('product')
      .orderBy('platform')
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /**
   * Copies the file into storage and records it as the latest release of its product. Checks
   * everything first: an unknown product or platform, a missing platform (or one where there are
   * none), a bad version or a missing file change nothing.
   */
  async publish(publication: Publication): Promise<ProductReleaseRow> {
    const { product, platform, version } = checkPublication(publication);
    const stats = await fs.stat(publication.file).catch(() => null);
    if (!stats?.isFile()) throw new PublicationError(`No such file: ${publication.file}`);
    const fileName = releaseFileName(publication.file);
    const key = [
      'products',
      product,
      ...(platform ? [platform] : []),
      version,
      crypto.randomBytes(6).toString('hex'),
      fileName,
    ].join('/');
    await this.#storage.put(key, createReadStream(publication.file), contentTypeOf(fileName));
    return this.#db
      .insertInto('product_release')
      .values({
        product,
        platform,
        version,
        file_key: key,
        file_name: fileName,
        size: stats.size,
        published_at: new Date(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }
}

function checkPublication(publication: Publication): {
  product: ReleaseProduct;
  platform: MetasearchPlatform | null;
  version: string;
} {
  const product = RELEASE_PRODUCTS.find((known) => known === publication.product);
  if (!product) {
    throw new PublicationError(
      `Unknown product "${publication.product}". Known products: ${RELEASE_PRODUCTS.join(', ')}.`,
    );
  }
  let platform: MetasearchPlatform | null = null;
  if (releaseHasPlatforms(product)) {
    platform = METASEARCH_PLATFORMS.find((known) => known === publication.platform) ?? null;
    if (!platform) {
      throw new PublicationError(
        `${product} needs --platform, one of: ${METASEARCH_PLATFORMS.join(', ')}${
          publication.platform === undefined ? '' : ` (not "${publication.platform}")`
        }.`,
      );
    }
  } else if (publication.platform !== undefined) {
    throw new PublicationError(`${product} comes without platforms; leave out --platform.`);
  }
  if (!VERSION_PATTERN.test(publication.version)) {
    throw new PublicationError(
      `Invalid version "${publication.version}": 1–40 letters, digits, dots, dashes or underscores.`,
    );
  }
  return { product, platform, version: publication.version };
}

import { z } from 'zod';
import {
  CREATABLE_LICENSE_VERSIONS,
  DELIVERIES,
  DOWNLOAD_PRODUCTS,
  ENTRY_TYPES,
  HOLDER_TYPES,
  LICENSE_CLASSES,
  LICENSE_STATUSES,
  LICENSE_TYPES,
  LICENSE_VERSIONS,
  SPECIAL_PERMISSIONS,
} from './enums.ts';
import { oneLine } from '../formats/plain-text.ts';
import { recordIdSchema } from '../formats/record-id.ts';
import { onFirstUse } from '../formats/on-first-use.ts';
import { LICENSE_KEY_ALPHABET } from '../formats/license-key.ts';
import { LICENSE_FIELD_LABELS, licenseRuleMessages } from '../messages/validation.ts';

// Every schema is built on its first use (`onFirstUse`): the portal's first load imports this file.

export const MAX_LICENSE_SIZE = 100_000;
/** Counters are stored as PostgreSQL integers. */
const MAX_COUNT = 2_147_483_647;
export const MAX_LICENSES_PER_CREATION = 50;

/** Trimmed text where an empty value means "none" (the back office sends empty holder fields as null). */
const optionalText = (max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z.string().trim().max(max).nullable(),
  );

/** The same for a name: one line, without control characters. */
const optionalLine = (max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    oneLine(z.string().trim().max(max)).nullable(),
  );

export const licenseKeySchema = onFirstUse(() =>
  z.string().regex(new RegExp(`^[${LICENSE_KEY_ALPHABET}]{12}$`)),
);

export const holderSchema = onFirstUse(() =>
  z.strictObject({
    holderType: z.enum(HOLDER_TYPES).nullable(),
    name: optionalLine(200),
    email: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
      z.email().max(254).nullable(),
    ),
    contact: optionalLine(200),
  }),
);
export type Holder = z.infer<ReturnType<typeof holderSchema>>;

export const licensePropertiesSchema = onFirstUse(() =>
  z.strictObject({
    class: z.enum(LICENSE_CLASSES),
    type: z.enum(LICENSE_TYPES),
    size: z.int().min(1).max(MAX_LICENSE_SIZE),
    delivery: z.enum(DELIVERIES),
    dvdCount: z.int().min(0).max(MAX_LICENSE_SIZE).nullable(),
  }),
);
export type LicenseProperties = z.infer<ReturnType<typeof licensePropertiesSchema>>;

export const downloadCountsSchema = onFirstUse(() =>
  z.strictObject(
    Object.fromEntries(
      DOWNLOAD_PRODUCTS.map((product) => [product, z.int().min(0).max(MAX_COUNT)]),
    ) as Record<(typeof DOWNLOAD_PRODUCTS)[number], z.ZodInt>,
  ),
);

/** A license as the API returns it. */
export const licenseSchema = onFirstUse(() =>
  z.object({
    _id: z.uuid(),
    version: z.enum(LICENSE_VERSIONS),
    key: z.string(),
    startCode: z.string(),
    authenticationCode: z.string(),
    status: z.enum(LICENSE_STATUSES),
    typeOfEntry: z.enum(ENTRY_TYPES),
    entryReference: z.string().nullable(),
    holder: z.object({
      holderType: z.enum(HOLDER_TYPES).nullable(),
      name: z.string().nullable(),
      email: z.string().nullable(),
      contact: z.string().nullable(),
    }),
    boundAt: z.iso.datetime().nullable(),
    notes: z.string().nullable(),
    properties: z.object({
      class: z.enum(LICENSE_CLASSES),
      type: z.enum(LICENSE_TYPES),
      size: z.int(),
      delivery: z.enum(DELIVERIES),
      dvdCount: z.int().nullable(),
    }),
    specialPermissions: z.array(z.enum(SPECIAL_PERMISSIONS)),
    downloads: z.object({ software: z.int(), metasearch: z.int() }),
    starterDocument: z.string().nullable(),
    licenseDocument: z.string().nullable(),
    updatedToLicense: z.uuid().nullable(),
    productSKU: z.string().nullable(),
    extensionSKU: z.string().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    /** Raised by every change of the license; a back-office save names the revision it edited. */
    revision: z.int(),
  }),
);
export type License = z.infer<ReturnType<typeof licenseSchema>>;

/** Body of `POST /api/v1/license`, with the back-office spec's defaults. */
export const licenseCreateSchema = onFirstUse(() =>
  z
    .strictObject({
      version: z.enum(CREATABLE_LICENSE_VERSIONS).default('9'),
      properties: z
        .strictObject({
          class: z.enum(LICENSE_CLASSES).default('pro'),
          size: z.int().min(1).max(MAX_LICENSE_SIZE).default(1),
          type: z.enum(LICENSE_TYPES).default('full'),
          delivery: z.enum(DELIVERIES).default('download'),
          /**
           * A version 9 license's DVDs (customer spec §3: „dvdCount (version 9)”; back-office spec §4:
           * the create form requires it): no default, so a client that forgets it is told. Version 8
           * licenses count their DVDs from class and delivery; theirs is stored as null.
           */
          dvdCount: z.int().min(0).max(MAX_LICENSE_SIZE).optional(),
        })
        .prefault({}),
      specialPermissions: z.array(z.enum(SPECIAL_PERMISSIONS)).max(SPECIAL_PERMISSIONS.length).default([]),
      notes: optionalText(5000).default(null),
      generateStarterDocument: z.boolean().default(true),
      count: z.int().min(1).max(MAX_LICENSES_PER_CREATION).default(1),
    })
    .refine((body) => body.version !== '9' || body.properties.dvdCount !== undefined, {
      path: ['properties', 'dvdCount'],
      message: 'required',
    })
    .refine((body) => (body.properties.dvdCount ?? 0) <= body.properties.size, {
      path: ['properties', 'dvdCount'],
      message: licenseRuleMessages.dvdsExceedSize,
    })
    .refine((body) => body.properties.class !== 'personal' || body.properties.size === 1, {
      path: ['properties', 'size'],
      message: licenseRuleMessages.personalIsOneSeat,
    })
    .transform((body) => ({
      ...body,
      properties: {
        ...body.properties,
        dvdCount: body.version === '9' ? (body.properties.dvdCount ?? 0) : null,
      },
    })),
);
export type LicenseCreate = z.infer<ReturnType<typeof licenseCreateSchema>>;

/**
 * Body of `PUT /api/v1/license/{id}`: the full license as the back office edits it. Fields that
 * only the system sets (id, key, start code, documents, timestamps) may be sent back unchanged and
 * are ignored.
 */
export const licenseUpdateSchema = onFirstUse(() =>
  z
    .strictObject({
      _id: z.string().optional(),
      key: z.string().optional(),
      startCode: z.string().optional(),
      boundAt: z.string().nullable().optional(),
      starterDocument: z.string().nullable().optional(),
      licenseDocument: z.string().nullable().optional(),
      createdAt: z.string().optional(),
      updatedAt: z.string().optional(),
      /** The revision the edit started from: the save is refused (409) once the license moved on. */
      revision: z.int().min(1).max(MAX_COUNT),
      version: z.enum(LICENSE_VERSIONS),
      status: z.enum(LICENSE_STATUSES),
      authenticationCode: z
        .string()
        .trim()
        .min(1)
        .max(200)
        .meta({ title: LICENSE_FIELD_LABELS.authenticationCode }),
      typeOfEntry: z.enum(ENTRY_TYPES),
      entryReference: optionalText(200),
      holder: holderSchema(),
      notes: optionalText(5000),
      properties: licensePropertiesSchema(),
      specialPermissions: z.array(z.enum(SPECIAL_PERMISSIONS)).max(SPECIAL_PERMISSIONS.length),
      downloads: downloadCountsSchema(),
      /** An emptied field of the editor removes the successor. */
      updatedToLicense: z.preprocess(
        (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
        recordIdSchema.nullable(),
      ),
      productSKU: optionalText(50),
      extensionSKU: optionalText(50),
    })
    .superRefine((license, context) => {
      if (license.version === '9' && license.properties.dvdCount === null) {
        context.addIssue({ code: 'custom', path: ['properties', 'dvdCount'], message: 'required' });
      }
      if (license.status !== 'bound') return;
      for (const field of ['name', 'email', 'holderType'] as const) {
        if (license.holder[field] === null) {
          context.addIssue({ code: 'custom', path: ['holder', field], message: 'required' });
        }
      }
    }),
);
export type LicenseUpdate = z.infer<ReturnType<typeof licenseUpdateSchema>>;

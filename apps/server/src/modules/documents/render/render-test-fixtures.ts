import { exampleLicense, type License } from '@lizenzportal/domain';
import { UNICODE_HOLDER } from '../test-fixtures.ts';
import type { Branding } from './branding.ts';

/** Test support of the renderers: a vendor, an unbound and a bound license, a logo. */

export const branding: Branding = {
  vendorName: 'Symbolsoftware Demo GmbH',
  vendorAddress: 'Musterstraße 1, 12345 Musterstadt',
  supportEmail: 'support@example.com',
  shopUrl: 'https://shop.example',
  portalUrl: 'https://portal.example',
  logo: undefined,
};

export const createdAt = new Date('2025-03-14T10:00:00Z');

export function license(overrides: Partial<License> = {}): License {
  return exampleLicense({
    _id: '5b0f3c1e-4a8e-4c1a-9d52-0f4a3c9b1e27',
    properties: { class: 'pro', type: 'full', size: 25, delivery: 'download', dvdCount: 2 },
    createdAt: createdAt.toISOString(),
    updatedAt: createdAt.toISOString(),
    ...overrides,
  });
}

export const bound = license({
  status: 'bound',
  authenticationCode: UNICODE_HOLDER,
  holder: {
    holderType: 'organization',
    name: UNICODE_HOLDER,
    email: 'it@example.com',
    contact: 'Łukasz Çelik',
  },
  boundAt: '2025-03-01T09:00:00Z',
});

/** A PNG of 2 × 2 blue pixels: a logo. */
export const PNG_LOGO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGOQ9esEIgYIBQAZDgPRKGgMbgAAAABJRU5ErkJggg==',
  'base64',
);

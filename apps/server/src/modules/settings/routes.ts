import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicSettingsSchema, type PortalSettings } from '@lizenzportal/domain';
import type { Config } from '../../config.ts';
import { dataEnvelope } from '../../http/envelope.ts';

/** What the web app needs to know of the configuration (no secrets): vendor, links, shop, retention periods. */
export function publicSettings(config: Config): PortalSettings {
  return {
    vendorName: config.vendor.name,
    vendorAddress: config.vendor.address,
    supportEmail: config.mail.supportEmail,
    shopUrl: config.shop.url,
    shopOrigin: config.shop.origin,
    shopOrderUrl: config.shop.orderUrlPattern,
    helpUrl: config.links.help,
    privacyUrl: config.links.privacy,
    shopProductIds: config.shop.productIds,
    shopDemoOrders: !config.isProduction,
    retention: config.retention,
  };
}

/**
 * The settings as an API answer, for clients other than the served pages (which carry them:
 * modules/web/entry-pages.ts) and for the web app on Vite's development server.
 */
export const settingsRoutes: FastifyPluginAsyncZod<{ settings: PortalSettings }> = async (
  app,
  { settings },
) => {
  app.get(
    '/settings',
    {
      config: { access: 'public' },
      schema: {
        tags: ['settings'],
        summary: 'Public settings of this portal (vendor, support address, links)',
        response: { 200: dataEnvelope(publicSettingsSchema) },
      },
    },
    async () => ({ data: settings }),
  );
};

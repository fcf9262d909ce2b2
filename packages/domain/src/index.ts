/**
 * The domain's public face: every file the apps use, by floor from the ground up (decision 069,
 * DOMAIN_FLOORS in eslint.config.js).
 */
export * from './formats/text-format.ts';
export * from './formats/license-key.ts';
export * from './formats/start-code.ts';
export * from './formats/offer-code.ts';
export * from './formats/dates.ts';
export * from './formats/numbers.ts';
export * from './formats/record-id.ts';
export * from './formats/plain-text.ts';
export * from './formats/spreadsheet.ts';
export * from './countries/countries.ts';
export * from './audit/audit.ts';
export * from './product.ts';
export * from './pages.ts';

export * from './messages/common.ts';
export * from './messages/plurals.ts';
export * from './messages/reseller-lines.ts';
export * from './messages/navigation.ts';
export * from './messages/validation.ts';
export * from './messages/lists.ts';
export * from './messages/describe-issue.ts';
export * from './messages/recovery.ts';
export * from './messages/deliveries.ts';
export * from './messages/data-table.ts';
export * from './messages/documents.ts';
export * from './messages/license-import.ts';
export * from './messages/binding.ts';
export * from './messages/contact-change.ts';
export * from './messages/portal.ts';
export * from './messages/legal.ts';
export * from './messages/address-labels.ts';
export * from './messages/upgrade-session.ts';
export * from './messages/assistant.ts';
export * from './messages/shop-demo.ts';

export * from './list-query/operators.ts';
export * from './list-query/api-syntax.ts';
export * from './list-query/address-syntax.ts';
export * from './list-query/search-pattern.ts';
export * from './list-query/fields.ts';
export * from './list-query/list-definition.ts';
export * from './list-query/filter-values.ts';
export * from './privacy/personal-data.ts';

export * from './delivery/list-fields.ts';
export * from './delivery/delivery.ts';

export * from './license/enums.ts';
export * from './license/schema.ts';
export * from './license/permissions.ts';
export * from './license/capabilities.ts';
export * from './license/document-rules.ts';
export * from './license/list-fields.ts';
export * from './license/example.ts';
export * from './license/holder-data.ts';
export * from './license/holder-types.ts';
export * from './license/contact-change.ts';
export * from './license/contact-change-link.ts';

export * from './auth/schema.ts';
export * from './http/errors.ts';
export * from './http/compression.ts';
export * from './legal/terms-of-use.ts';
export * from './legal/privacy-notice.ts';
export * from './legal/help.ts';
export * from './license-import/fields.ts';
export * from './license-import/mapping.ts';
export * from './license-import/row.ts';
export * from './license-import/back-office.ts';
export * from './upgrade-session/enums.ts';
export * from './upgrade-session/address.ts';
export * from './upgrade-session/address-format.ts';
export * from './upgrade-session/example.ts';
export * from './upgrade-session/schema.ts';
export * from './upgrade-session/detail.ts';
export * from './upgrade-session/list-fields.ts';

export * from './downloads/catalogue.ts';
export * from './downloads/messages.ts';
export * from './downloads/download-record.ts';
export * from './downloads/list-fields.ts';
export * from './pricing/money.ts';
export * from './pricing/volume-factor.ts';
export * from './pricing/vat.ts';
export * from './pricing/products.ts';
export * from './pricing/cart.ts';
export * from './pricing/purchase.ts';
export * from './pricing/priced-lines.ts';

export * from './overview/calendar.ts';
export * from './overview/periods.ts';
export * from './overview/records.ts';
export * from './overview/figures.ts';
export * from './overview/attention.ts';
export * from './overview/messages.ts';
export * from './settings/public-settings.ts';
export * from './settings/settings-element.ts';
export * from './shop-order/woocommerce-order.ts';
export * from './shop-order/portal-lines.ts';
export * from './shop-order/paid-lines.ts';
export * from './shop-order/paid-amounts.ts';
export * from './shop-order/refunds.ts';
export * from './shop-order/refund-lines.ts';
export * from './shop-order/shop-status.ts';
export * from './shop-order/simulated-order.ts';
export * from './shop-order/cart-token.ts';

export * from './assistant/countries.ts';
export * from './assistant/seats.ts';
export * from './assistant/reseller.ts';
export * from './assistant/licenses.ts';
export * from './assistant/context.ts';
export * from './assistant/contract.ts';
export * from './assistant/machine.ts';
export * from './assistant/form-guards.ts';
export * from './composed-messages/login.ts';
export * from './composed-messages/back-office.ts';
export * from './composed-messages/document-texts.ts';
export * from './composed-messages/shop-orders.ts';
export * from './composed-messages/assistant-screens.ts';
export * from './composed-messages/page-descriptions.ts';

export * from './order-generation/order-generation.ts';
export * from './order-generation/list-fields.ts';

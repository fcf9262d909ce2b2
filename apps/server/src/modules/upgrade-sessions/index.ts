/** The public face of the upgrade-sessions module: what other modules and the wiring (services.ts, app.ts) import of it (decision 031). */
export { defineUpgradeSessionQueues, workUpgradeSessions } from './jobs.ts';
export { UPGRADE_SESSION_LIST_ENTITY } from './list.ts';
export { pricedSession, sessionPurchase, toUpgradeSession } from './mapper.ts';
export { OFFER_CODE_POLICY } from './offer-code-policy.ts';
export { pointOfferDocument } from './offer-document.ts';
export { MAIL_BUDGETS, type MailBudgetRefusal, MailBudgets } from './mail-budgets.ts';
export {
  deleteMailBudgetRows,
  deleteMailBudgetRowsBefore,
  reduceUnorderedSessions,
} from './personal-data.ts';
export { upgradeSessionRoutes } from './routes.ts';
export { SessionOrders } from './session-orders.ts';
export { UpgradeSessionService } from './service.ts';
export { UpgradeSessionTokens } from './tokens.ts';

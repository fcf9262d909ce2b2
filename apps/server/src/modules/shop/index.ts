/** The public face of the shop module: what other modules and the wiring (services.ts, app.ts) import of it (decision 031). */
export { shopCartRoutes } from './cart-routes.ts';
export { shopDemoRoutes } from './demo-order-routes.ts';
export { ShopOrderIntake } from './intake.ts';
export {
  defineReconciliationQueue,
  reconciliationStatus,
  ShopReconciliation,
  workReconciliation,
} from './reconciliation.ts';
export { defineRefundLineQueues, RefundLineFetcher, workRefundLines } from './refund-lines.ts';
export { replayOrderFile } from './replay.ts';
export { shopRoutes } from './routes.ts';
export { shopStatusRoutes } from './status-routes.ts';
export { WooCommerceClient } from './woocommerce-client.ts';

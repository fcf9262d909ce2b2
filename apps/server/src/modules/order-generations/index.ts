/** The public face of the order-generations module: what other modules and the wiring (services.ts, app.ts) import of it (decision 031). */
export { OrderGenerator } from './generator.ts';
export { defineOrderGenerationQueues, workOrderGenerations } from './jobs.ts';
export { ORDER_GENERATION_LIST_ENTITY } from './list.ts';
export { orderGrossOf, refundStateOfRow } from './mapper.ts';
export { orderGenerationRoutes } from './routes.ts';
export { OrderGenerationService } from './service.ts';
export { type OrderUndoer } from './undo.ts';

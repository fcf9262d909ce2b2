/** The public face of the deliveries module: what other modules and the wiring (services.ts, app.ts) import of it (decision 031). */
export { defineDeliveryQueues, workDeliveries } from './jobs.ts';
export { DELIVERY_LIST_ENTITY } from './list.ts';
export { createMailer, type Mailer } from './mailer.ts';
export { deleteOfferMails, emptyMailTexts, emptyMailTextsBefore } from './personal-data.ts';
export { deliveryRoutes } from './routes.ts';
export { DeliveryService, documentsLinks } from './service.ts';

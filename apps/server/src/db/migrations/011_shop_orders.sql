-- The shop order an order generation processes, as the portal read it (billing, purchase type,
-- upgrade session, lines with their meta data): the generation job and every retry work from it.
alter table order_generation add column shop_order jsonb;

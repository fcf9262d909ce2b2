-- The shop reconciliation's state, one row (decision 030): when it last ran and last succeeded, and
-- why its last run failed (German, shown to staff; null when the last run succeeded). The back
-- office's notice and the metrics read it.
create table shop_reconciliation (
  id boolean primary key default true check (id),
  last_run_at timestamptz not null,
  last_success_at timestamptz,
  last_error text,
  -- Orders the last successful run read and generations it created.
  orders_seen integer not null default 0,
  orders_created integer not null default 0
);

-- Paid shop orders without a line of the portal (books, printed cards): the portal makes nothing of
-- them, and keeps this record so an admin can answer a customer who asks (decision 029).
create table shop_ignored_order (
  order_number text primary key,
  shop_order_id bigint not null,
  status text not null,
  -- [{ name, sku, quantity }] as the shop sent them.
  lines jsonb not null,
  created_at timestamptz not null default now()
);
create index shop_ignored_order_created_at_idx on shop_ignored_order (created_at desc, order_number);

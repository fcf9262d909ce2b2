-- One order generation per paid shop order: the licenses, documents and e-mails bought. The order
-- number is unique, so a shop order is processed exactly once.
create table order_generation (
  id uuid primary key default gen_random_uuid(),
  order_number text not null unique,
  shop_order_id bigint,
  progress text not null default 'in-progress' check (progress in ('in-progress', 'completed', 'failed')),
  deliver boolean not null default true,
  upgrade_session uuid,
  licenses uuid[] not null default '{}',
  note text,
  error text,
  -- [{ id, name, sku, productId, variationId, quantity }] as the shop sent them.
  products jsonb not null default '[]',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index order_generation_created_at_idx on order_generation (created_at desc, id);
create index order_generation_licenses_idx on order_generation using gin (licenses);

alter table delivery
  add constraint delivery_order_generation_fkey
  foreign key (order_generation) references order_generation (id) on delete set null;

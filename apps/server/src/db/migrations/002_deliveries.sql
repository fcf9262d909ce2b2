-- E-mail deliveries of documents. Subject and HTML content are rendered when the delivery is
-- created, so the record shows what is (or was) sent even while the mail server is down.
create table delivery (
  id uuid primary key default gen_random_uuid(),
  progress text not null default 'in-progress' check (progress in ('in-progress', 'completed', 'failed')),
  document_type text not null check (document_type in ('starter', 'license')),
  occasion text not null check (occasion in ('order', 'manual', 'bind', 'update', 'recovery')),
  order_generation uuid,
  recipient text not null,
  recipient_name text,
  licenses uuid[] not null check (cardinality(licenses) > 0),
  note text,
  subject text not null,
  content text not null,
  -- The plain-text alternative sent with the HTML content.
  text_content text not null,
  error text,
  documents text[] not null default '{}',
  attempts integer not null default 0,
  resent_from uuid references delivery (id) on delete set null,
  sent_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index delivery_created_at_idx on delivery (created_at desc, id);
create index delivery_licenses_idx on delivery using gin (licenses);
create index delivery_order_generation_idx on delivery (order_generation);
create index delivery_recipient_idx on delivery (lower(recipient), created_at);

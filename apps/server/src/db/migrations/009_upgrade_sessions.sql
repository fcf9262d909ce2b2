-- Upgrade sessions of the license assistant (customer spec §3, DESIGN.md §5): what a purchase buys,
-- from which licenses, for whom, and its offer. created → offered → purchased → in-progress →
-- completed | failed; an offer not ordered within 30 days becomes expired.
create sequence upgrade_session_offer_number_seq;

create table upgrade_session (
  id uuid primary key default gen_random_uuid(),
  purchase_type text not null check (purchase_type in ('upgrade', 'new', 'extension', 'reseller')),
  status text not null default 'created'
    check (status in ('created', 'offered', 'purchased', 'in-progress', 'failed', 'completed', 'expired')),
  from_version text check (from_version in ('8', '9')),
  to_version text not null default '9' check (to_version = '9'),
  -- { class, size, dvdCount } of the license bought; null for reseller orders and while an
  -- update has not chosen its class yet.
  properties jsonb,
  -- At least { countryCode }; the whole billing address once an offer is made.
  billing jsonb not null,
  ship_to_different_address boolean not null default false,
  shipping jsonb,
  -- The holder of the license an update or extension produces (its binding step).
  holder jsonb,
  original_licenses uuid[] not null default '{}',
  -- Seats of the original licenses when the session was created.
  original_seats integer not null default 0 check (original_seats >= 0),
  reseller_licenses jsonb not null default '[]',
  order_id text,
  offer_number text unique,
  offer_code text unique,
  offer_document text,
  offered_at timestamptz,
  offer_valid_until timestamptz,
  -- An extension's license as it was before (properties, holder), kept by the order generation.
  before_extension jsonb,
  product_license uuid references license (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- An offered or expired session has its offer.
  check (status not in ('offered', 'expired') or offer_number is not null and offer_code is not null)
);
create index upgrade_session_created_at_idx on upgrade_session (created_at desc, id);
create index upgrade_session_original_licenses_idx on upgrade_session using gin (original_licenses);
create index upgrade_session_product_license_idx on upgrade_session (product_license);
-- The expiry job looks for offers past their date.
create index upgrade_session_offer_expiry_idx on upgrade_session (offer_valid_until) where status = 'offered';

-- Order generations already name their session; rows from before are not checked.
alter table order_generation
  add constraint order_generation_upgrade_session_fkey
  foreign key (upgrade_session) references upgrade_session (id) on delete set null not valid;

-- Offers are mailed as deliveries: document type and occasion `offer`, the session instead of licenses.
alter table delivery add column upgrade_session uuid references upgrade_session (id) on delete set null;
alter table delivery drop constraint delivery_document_type_check;
alter table delivery add constraint delivery_document_type_check
  check (document_type in ('starter', 'license', 'offer'));
alter table delivery drop constraint delivery_occasion_check;
alter table delivery add constraint delivery_occasion_check
  check (occasion in ('order', 'manual', 'bind', 'update', 'recovery', 'offer'));
alter table delivery drop constraint delivery_licenses_check;
alter table delivery add constraint delivery_licenses_check
  check (cardinality(licenses) > 0 or upgrade_session is not null);
create index delivery_upgrade_session_idx on delivery (upgrade_session);

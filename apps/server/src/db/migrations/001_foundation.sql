-- Admin accounts of the back office. Passwords are argon2id hashes.
create table admin_user (
  id uuid primary key default gen_random_uuid(),
  name text not null unique check (length(name) between 1 and 100),
  password_hash text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Licenses of the desktop product. Holder and properties are columns so lists can filter and sort
-- on them; the API nests them as in the specs.
create table license (
  id uuid primary key default gen_random_uuid(),
  key text not null unique check (key ~ '^[A-HJ-NP-Z2-9]{12}$'),
  version text not null check (version in ('8', '9')),
  start_code text not null check (start_code ~ '^[0-9]{6}$'),
  authentication_code text not null,
  status text not null check (status in ('unbound', 'bound', 'disabled')),
  type_of_entry text not null check (type_of_entry in ('manual', 'order')),
  entry_reference text,
  holder_type text check (holder_type in ('person', 'organization')),
  holder_name text,
  holder_email text,
  holder_contact text,
  bound_at timestamptz,
  notes text,
  class text not null check (class in ('single', 'multiple', 'server', 'pro', 'personal')),
  type text not null check (type in ('full', 'update')),
  size integer not null check (size >= 1),
  delivery text not null check (delivery in ('download', 'dvd')),
  dvd_count integer check (dvd_count >= 0),
  special_permissions text[] not null default '{}',
  software_downloads integer not null default 0 check (software_downloads >= 0),
  metasearch_downloads integer not null default 0 check (metasearch_downloads >= 0),
  starter_document text,
  license_document text,
  updated_to_license uuid references license (id) on delete set null,
  product_sku text,
  extension_sku text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index license_created_at_idx on license (created_at desc, id);
create index license_holder_email_idx on license (lower(holder_email));
create index license_status_idx on license (status);

-- Failed sign-in attempts per subject (a license key, an admin name) in a fixed window; a subject
-- with too many failures is refused until its window ends.
create table auth_throttle (
  scope text not null,
  subject text not null,
  failures integer not null,
  window_ends_at timestamptz not null,
  primary key (scope, subject)
);

-- The import of the vendor's existing licenses (decision 061).

-- Version 7 licenses come with the old system's stock; keys are taken as the old system wrote
-- them, normalised as sign-in normalises what is typed: 12 letters and digits, the look-alikes
-- 0 O 1 I included (the portal's own keys still never use them).
alter table license drop constraint license_version_check;
alter table license add constraint license_version_check check (version in ('7', '8', '9'));
alter table license drop constraint license_key_check;
alter table license add constraint license_key_check check (key ~ '^[A-Z0-9]{12}$');

-- What an audit entry says beyond its changes: „Importiert aus <Datei>, Zeile N”.
alter table audit_entry add column note text;

-- Every run of an import, dry or not: who, when, which file (name, SHA-256, size), what it found.
create table license_import_run (
  id uuid primary key default gen_random_uuid(),
  actor text not null,
  file_name text not null,
  file_sha256 text not null check (file_sha256 ~ '^[0-9a-f]{64}$'),
  file_bytes bigint not null,
  -- csv or json; how its findings are located (lines of a file, entries of a JSON array).
  format text not null check (format in ('csv', 'json-lines', 'json-array')),
  encoding text not null check (encoding in ('utf-8', 'windows-1252')),
  dry_run boolean not null,
  only_valid boolean not null,
  mapping jsonb not null default '{}',
  status text not null default 'running'
    check (status in ('running', 'completed', 'checked', 'refused', 'failed')),
  rows_read integer not null default 0,
  imported integer not null default 0,
  unchanged integer not null default 0,
  different integer not null default 0,
  invalid integer not null default 0,
  error text,
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create index license_import_run_created_at_idx on license_import_run (created_at desc);

-- What a run found, row by row: errors, the keys the portal has already (unchanged or
-- different, with the fields), notes about columns. The run's report.
create table license_import_finding (
  run uuid not null references license_import_run (id) on delete cascade,
  line integer not null,
  column_title text,
  kind text not null check (kind in ('error', 'unchanged', 'different', 'note')),
  message text not null
);
create index license_import_finding_run_idx on license_import_finding (run, line);

-- The rows of a run that read well, staged for the checks across rows and the portal; emptied
-- when the run ends.
create table license_import_row (
  run uuid not null references license_import_run (id) on delete cascade,
  line integer not null,
  -- The ID the file gives (the export's), and the one the license has or gets.
  id uuid,
  final_id uuid,
  key text not null,
  -- The key with 0 and 1 read as O and I: two keys alike so are told apart by nobody typing them.
  folded_key text not null,
  start_code text not null,
  version text not null,
  status text not null,
  authentication_code text not null,
  type_of_entry text not null,
  entry_reference text,
  holder_type text,
  holder_name text,
  holder_email text,
  holder_contact text,
  bound_at timestamptz,
  notes text,
  class text not null,
  type text not null,
  size integer not null,
  delivery text not null,
  dvd_count integer,
  special_permissions text[] not null,
  software_downloads integer not null,
  metasearch_downloads integer not null,
  product_sku text,
  extension_sku text,
  successor_id uuid,
  successor_key text,
  created_at timestamptz,
  updated_at timestamptz,
  -- The audit entry's note („Importiert aus <Datei>, Zeile N”).
  note text not null,
  -- Set by the checks: the row's license is in the portal already, or the row is refused.
  existing uuid,
  refused boolean not null default false,
  updated_to_license uuid
);
create index license_import_row_run_key_idx on license_import_row (run, key);
create index license_import_row_run_folded_idx on license_import_row (run, folded_key);

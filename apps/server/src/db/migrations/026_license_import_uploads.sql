-- The back office's door to the license import (decision 061): an uploaded file waits in the
-- storage (`license-imports/<id>`) for its dry run and its import, both jobs. Expand only.
create table license_import_upload (
  id uuid primary key default gen_random_uuid(),
  actor text not null,
  file_name text not null,
  file_bytes bigint not null,
  -- The file's column titles (CSV) or the first entry's field names (JSON), for the mapping.
  columns jsonb not null,
  -- Rows to expect: the file's lines at upload, the rows the dry run read once it ran.
  rows_expected integer not null,
  -- The run asked for and not yet finished (who asked, and how): its job reads these.
  requested_actor text,
  requested_dry_run boolean,
  requested_only_valid boolean,
  requested_mapping jsonb,
  -- The latest run of the file (a restarted job marks it failed and starts another).
  run uuid references license_import_run (id) on delete set null,
  created_at timestamptz not null default now(),
  -- Set once the stored file is removed: after the import, or a day after an abandoned upload.
  file_removed_at timestamptz
);
create index license_import_upload_created_at_idx on license_import_upload (created_at)
  where file_removed_at is null;

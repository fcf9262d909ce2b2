-- Personal data kept only as long as it is needed (decision 064, docs/privacy.md). Expand only
-- (decision 036): nullable columns, a new table, one more value allowed by a check — the previous
-- release neither reads nor writes them.

-- An upgrade session never ordered keeps what the statistics need (type, status, products,
-- country, dates, offer number) once its billing, shipping and holder data are removed: when.
alter table upgrade_session add column personal_data_removed_at timestamptz;
-- A delivery keeps its record (recipient, subject, status, documents) once its mail's text is
-- removed: when.
alter table delivery add column content_removed_at timestamptz;

-- What the daily retention job looks for, in batches: sessions never ordered whose offer ran out
-- (or that were left without one), and finished deliveries, each by the date its period runs from.
create index upgrade_session_retention_idx on upgrade_session (coalesce(offer_valid_until, updated_at))
  where personal_data_removed_at is null and status in ('created', 'offered', 'expired');
create index delivery_content_retention_idx on delivery (updated_at)
  where content_removed_at is null and progress <> 'in-progress';
create index audit_entry_created_at_idx on audit_entry (created_at);
-- The retention job's last run and what it removed per kind (the metrics read it).
create table retention_run (
  id boolean primary key default true check (id),
  finished_at timestamptz not null,
  removed jsonb not null
);

-- A holder's change of contact person and e-mail, waiting for the link mailed to the new address
-- (valid 24 hours, used once). The link's token is derived from the row's id with the portal's
-- secret and never stored.
create table holder_contact_change (
  id uuid primary key default gen_random_uuid(),
  license uuid not null references license (id) on delete cascade,
  contact text,
  email text not null,
  expires_at timestamptz not null,
  confirmed_at timestamptz,
  created_at timestamptz not null default now()
);
create index holder_contact_change_license_idx on holder_contact_change (license, created_at desc);
create index holder_contact_change_created_at_idx on holder_contact_change (created_at);

-- The audit entry of an erasure names no record of the person: its own id, what was removed.
alter table audit_entry drop constraint audit_entry_entity_check;
alter table audit_entry add constraint audit_entry_entity_check
  check (entity in ('license', 'delivery', 'order-generation', 'erasure'));

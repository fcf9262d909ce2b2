-- Every change an admin makes in the back office (edit, creation, document generation, resend), with
-- who, when, and each field's value before and after. Written in the transaction of the change, so a
-- change without its entry (or an entry without its change) cannot exist.
create table audit_entry (
  id uuid primary key default gen_random_uuid(),
  entity text not null check (entity in ('license', 'delivery', 'order-generation')),
  entity_id uuid not null,
  action text not null,
  actor text not null,
  -- [{ field, before, after }] in the API's dotted field names.
  changes jsonb not null default '[]',
  created_at timestamptz not null default clock_timestamp()
);
create index audit_entry_entity_idx on audit_entry (entity, entity_id, created_at desc);

-- A license's revision: raised by every update, whoever writes it (an admin's edit, a binding, an
-- order, a document generation, a download count). A back-office save names the revision it was
-- loaded at and is refused once the license moved on (optimistic concurrency).
alter table license add column revision integer not null default 1;

create function license_next_revision() returns trigger language plpgsql as $$
begin
  new.revision := old.revision + 1;
  return new;
end;
$$;

create trigger license_revision before update on license
  for each row execute function license_next_revision();

-- The exact number of rows of each back-office list's table, kept by triggers (decision 028): an
-- unfiltered list reads its total here instead of counting a million rows, so its last page (read
-- from the end, which needs the total) costs what its first does.
--
-- One row per changing statement, not one counter row: a counter updated by every insert would
-- serialize all writers of the table on that row until they commit. A statement adds its delta
-- (+n inserted, -n deleted) as a row of its own, which conflicts with nobody; the total is the sum.
-- A reader folds the rows of a table into one when they pile up (lists/row-count.ts); a fold
-- deletes rows that other transactions may not see yet only once they committed, so it is exact
-- under concurrent writers and concurrent folds. Everything here is transactional: a rolled-back
-- insert leaves no delta.
create table list_row_count (
  table_name text not null,
  delta bigint not null
);
create index list_row_count_table_idx on list_row_count (table_name);

-- Statement triggers with the statement's rows as a transition table: a bulk insert of a million
-- rows adds one delta row. (A transition table allows a single event per trigger, hence two.)
create function list_row_count_changed() returns trigger language plpgsql as $$
begin
  insert into list_row_count (table_name, delta)
  select tg_table_name, case when tg_op = 'DELETE' then -count(*) else count(*) end
  from changed_rows
  having count(*) > 0;
  return null;
end
$$;

create function list_row_count_truncated() returns trigger language plpgsql as $$
begin
  delete from list_row_count where table_name = tg_table_name;
  return null;
end
$$;

-- Creating the triggers locks each table against writes until this migration commits, so the
-- counts below start exactly where the triggers take over.
do $$
declare
  listed text;
begin
  foreach listed in array array['license', 'order_generation', 'delivery', 'download', 'upgrade_session'] loop
    execute format(
      'create trigger %I after insert on %I referencing new table as changed_rows'
        ' for each statement execute function list_row_count_changed()',
      listed || '_row_count_insert', listed);
    execute format(
      'create trigger %I after delete on %I referencing old table as changed_rows'
        ' for each statement execute function list_row_count_changed()',
      listed || '_row_count_delete', listed);
    execute format(
      'create trigger %I after truncate on %I for each statement execute function list_row_count_truncated()',
      listed || '_row_count_truncate', listed);
    execute format(
      'insert into list_row_count (table_name, delta) select %L, count(*) from %I', listed, listed);
  end loop;
end
$$;

-- „holder.email = …” (an admin looking up a customer) finds the address in a btree (the index of
-- migration 001 is on lower(holder_email), for the sign-in, and serves no list filter); the trigram
-- index of migration 013 answers equality too, but by rechecking every row holding its trigrams.
create index license_holder_email_exact_idx on license (holder_email);

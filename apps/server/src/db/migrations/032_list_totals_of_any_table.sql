-- A list's exact total without a migration per list (decision 071): the reader asks this function
-- for a table's total, and the first read of a table nobody counted yet starts counting it — the
-- triggers of migration 014 and the seed count, under a lock that holds writers off until the
-- reader's transaction ends, so the count starts exactly where the triggers take over. Every later
-- read finds the triggers (one catalog lookup) and only sums. A new back-office list's table is
-- therefore counted from its first unfiltered read; no list of counted tables to keep.
-- Expand only (decision 036): an older instance reads `list_row_count` as before.
create function list_row_count_read(listed text, out total bigint, out parts integer)
language plpgsql as $$
begin
  if not exists (
    select from pg_trigger where tgrelid = listed::regclass and tgname = listed || '_row_count_insert'
  ) then
    execute format('lock table %I in share row exclusive mode', listed);
    -- Another reader may have started counting it while this one waited for the lock.
    if not exists (
      select from pg_trigger where tgrelid = listed::regclass and tgname = listed || '_row_count_insert'
    ) then
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
      delete from list_row_count where table_name = listed;
      execute format(
        'insert into list_row_count (table_name, delta) select %L, count(*) from %I', listed, listed);
    end if;
  end if;
  select coalesce(sum(delta), 0), count(*)::int into total, parts
  from list_row_count where table_name = listed;
end
$$;

-- The import's staging table (decision 061), made for 100,000 rows a run. Its rows live only as
-- long as their run: unlogged, they are written without WAL (a crash empties the table, and the
-- job that restarts the run stages again). Every check reads one run's rows, by line: the index on
-- (run, line) serves them, the pages of findings and the lines refused; the indexes by key served
-- nothing a run's own scan does not (the checks join a run's rows by hash), but cost each row staged.
alter table license_import_row set unlogged;
drop index license_import_row_run_key_idx;
drop index license_import_row_run_folded_idx;
create index license_import_row_run_line_idx on license_import_row (run, line);

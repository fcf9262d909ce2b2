-- The liveness of an import run (decision 082). The process running it refreshes `heartbeat_at`
-- (the database's clock) every few seconds while the run is `running`; a run whose heartbeat is
-- older than a generous bound was left by a process that ended (Ctrl-C, kill, crash, power loss)
-- and is failed, its staged rows dropped. Null: a run an earlier release started (it never beats).
-- Expand only (decision 036): an older instance writes runs as before.
alter table license_import_run add column heartbeat_at timestamptz;
-- The runs still running, for the sweep that looks for abandoned ones: a handful at most.
create index license_import_run_running_idx on license_import_run (heartbeat_at) where status = 'running';

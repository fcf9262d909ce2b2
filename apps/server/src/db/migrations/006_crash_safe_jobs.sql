-- Each attempt to send a delivery claims it; an attempt records the moment it hands the message to
-- the mail server (before the final dot). A later attempt that finds that mark knows an earlier one
-- died while the server may have accepted the message, and does not send it a second time.
alter table delivery
  add column attempt uuid,
  add column handed_over_at timestamptz;

-- Files being written that no row refers to yet. A generation removes its entry in the same
-- transaction that points a license at the file; an entry left behind belongs to a process that
-- died, and the sweep removes its file.
create table pending_upload (
  key text primary key,
  started_at timestamptz not null default now()
);
create index pending_upload_started_at_idx on pending_upload (started_at);

-- Per-client request limits (@fastify/rate-limit) shared by every server process on one database:
-- each process leases a share of a client's budget for the current window and counts it locally.
-- Unlogged: the counters are worth no write-ahead log; after a crash they start over.
create unlogged table client_rate_limit (
  key text primary key,
  -- hits of the window handed out to processes so far
  granted integer not null,
  -- the share the last lease handed out
  last_lease integer not null,
  resets_at timestamptz not null
);
create index client_rate_limit_resets_at_idx on client_rate_limit (resets_at);

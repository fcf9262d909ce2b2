-- Sign-in throttling as a slow-down instead of a lock (decision 003). Failures are counted per
-- subject (a license key, an admin name) and client group (an IPv4 address, an IPv6 /56): a few are
-- free, then that client waits longer after each one. Per subject, the clients in slow-down share
-- one more gate that widens with every failure they make. A client without failures on a subject
-- is never refused, so the rightful holder is not locked out by anyone else's failures.
drop table auth_throttle;

create table auth_throttle_client (
  scope text not null,
  subject text not null,
  client text not null,
  failures integer not null,
  -- null while the client still has free failures left
  retry_at timestamptz,
  expires_at timestamptz not null,
  primary key (scope, subject, client)
);
create index auth_throttle_client_expires_at_idx on auth_throttle_client (expires_at);

create table auth_throttle_subject (
  scope text not null,
  subject text not null,
  -- failures by clients that were already in slow-down
  failures integer not null,
  retry_at timestamptz not null,
  expires_at timestamptz not null,
  primary key (scope, subject)
);
create index auth_throttle_subject_expires_at_idx on auth_throttle_subject (expires_at);

-- Indexes for the back-office lists at a million rows (decision 025).

-- Searches (`~*`, a case-insensitive regular expression, also anchored prefixes of keys) in holder
-- names, e-mail addresses and keys use trigram indexes: PostgreSQL extracts the trigrams a pattern
-- requires and reads only the rows that hold them. pg_trgm is a trusted extension on a PostgreSQL
-- server; PGlite loads it when it opens a database (db/pglite-extensions.ts).
create extension if not exists pg_trgm;
create index license_holder_name_trgm_idx on license using gin (holder_name gin_trgm_ops);
create index license_holder_email_trgm_idx on license using gin (holder_email gin_trgm_ops);
create index license_key_trgm_idx on license using gin (key gin_trgm_ops);

-- Lists order by createdAt and then the id in the same direction (`-createdAt`: created_at desc,
-- id desc). The old indexes ran the id against created_at, so no list could read a page in index
-- order; (created_at, id) serves both directions.
drop index license_created_at_idx;
create index license_created_at_idx on license (created_at, id);
drop index delivery_created_at_idx;
create index delivery_created_at_idx on delivery (created_at, id);
drop index order_generation_created_at_idx;
create index order_generation_created_at_idx on order_generation (created_at, id);
drop index download_created_at_idx;
create index download_created_at_idx on download (created_at, id);
drop index upgrade_session_created_at_idx;
create index upgrade_session_created_at_idx on upgrade_session (created_at, id);

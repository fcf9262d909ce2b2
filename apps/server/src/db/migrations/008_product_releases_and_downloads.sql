-- Product files the download area hands out, one row per published version (customer spec §2):
-- the main product and its release notes per version, the search product's one-click installer per
-- platform, its multistep installer and the server-installation guide. Staff publish with
-- `npm run product -- publish …`; the file lies in storage under `file_key`. The latest release of a
-- product (and platform) is the one published last.
create table product_release (
  id uuid primary key default gen_random_uuid(),
  product text not null check (product in (
    'software-8', 'software-9', 'release-notes-8', 'release-notes-9',
    'metasearch', 'metasearch-multistep', 'server-installation'
  )),
  platform text check (platform in (
    'windows', 'windows-pro', 'mac', 'linux-ia32', 'linux', 'linux-deb', 'linux-rpm'
  )),
  version text not null check (length(version) between 1 and 40),
  file_key text not null,
  file_name text not null,
  size bigint not null check (size >= 0),
  published_at timestamptz not null default now(),
  -- Only the search product's one-click installer comes in platforms, and it always names one.
  check ((product = 'metasearch') = (platform is not null))
);
create index product_release_latest_idx on product_release (product, platform, published_at desc);

-- The download log (back-office spec §3 "Download record"): one row per download link a license
-- user requested, written in the transaction that counts it on the license (`software_downloads` or
-- `metasearch_downloads`, by `object`). The file endpoint adds the bytes it sent (`bytes_sent`; a
-- resumed or repeated download adds up) and sets `completed_at` once a response carried the file's
-- last byte to the client.
create table download (
  id uuid primary key default gen_random_uuid(),
  license uuid not null references license (id) on delete cascade,
  -- The counter it adds to: 'software' (main product, release notes) or 'metasearch'.
  object text not null check (object in ('software', 'metasearch')),
  -- The catalogue entry served: product, platform (one-click installer only) and version.
  product text not null,
  platform text,
  version text not null,
  release uuid references product_release (id) on delete set null,
  size bigint not null check (size >= 0),
  bytes_sent bigint not null default 0 check (bytes_sent >= 0),
  completed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index download_created_at_idx on download (created_at desc, id);
create index download_license_idx on download (license, created_at desc);

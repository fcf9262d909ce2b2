-- An admin's sign-in tokens carry the session version they were issued under; a password reset
-- raises it, which ends every session signed in before.
alter table admin_user add column session_version integer not null default 1;

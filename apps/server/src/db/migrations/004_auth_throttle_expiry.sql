-- Expired sign-in windows are deleted as new failures are counted.
create index auth_throttle_window_ends_at_idx on auth_throttle (window_ends_at);

-- Refunds and cancellations after a paid order (decision 066): what the shop gave back, and what
-- staff still have to do about it. Expand only (decision 036): a column with a default and
-- nullable ones, which the previous release neither reads nor writes.
alter table order_generation
  -- The order's refunds as the shop lists them ([{ id, reason, gross, net, at }], cents of the
  -- order's currency, `at` the refund's instant), oldest first.
  add column refunds jsonb not null default '[]',
  -- The shop's status when it withdrew the whole order (refunded, cancelled, failed), and since when.
  add column withdrawn_status text,
  add column withdrawn_at timestamptz,
  -- open: refunded and what the order made still active („Erstattet, Lizenzen noch aktiv”);
  -- undone: „Bestellung rückabwickeln” ran; nothing-made: withdrawn before the generation ran.
  add column withdrawal text check (withdrawal in ('open', 'undone', 'nothing-made'));

-- „Braucht Aufmerksamkeit” counts the open ones; the partial index keeps it off the others.
create index order_generation_withdrawal_open_idx on order_generation (created_at) where withdrawal = 'open';

-- The revenue loses each refund's net on the (Berlin) day of the refund, and a whole order
-- cancelled after payment what its refunds did not give back yet, on the day of the cancellation
-- (a cancelled order's money is the shop's to return; the figure no longer counts it).
create or replace function order_generation_tally(tallied order_generation) returns table (measure text, day date, amount bigint)
language sql stable as $$
  select 'order_generation.purchase.' || tallied.purchase_type, berlin_day(tallied.created_at), 1::bigint
  where tallied.purchase_type is not null
  union all
  select 'order_generation.revenue', berlin_day(tallied.created_at), (tallied.shop_order ->> 'netTotal')::bigint
  where jsonb_typeof(tallied.shop_order -> 'netTotal') = 'number'
  union all
  select 'order_generation.revenue', berlin_day((refund ->> 'at')::timestamptz), -(refund ->> 'net')::bigint
  from jsonb_array_elements(tallied.refunds) as refund
  union all
  select 'order_generation.revenue', berlin_day(tallied.withdrawn_at),
    -greatest(0, (tallied.shop_order ->> 'netTotal')::bigint
      - coalesce((select sum((refund ->> 'net')::bigint) from jsonb_array_elements(tallied.refunds) as refund), 0))
  where tallied.withdrawn_status = 'cancelled' and tallied.withdrawn_at is not null
    and jsonb_typeof(tallied.shop_order -> 'netTotal') = 'number'
$$;

drop trigger order_generation_tally_update on order_generation;
create trigger order_generation_tally_update after update on order_generation for each row
  when (old.purchase_type is distinct from new.purchase_type or old.created_at is distinct from new.created_at
    or old.shop_order -> 'netTotal' is distinct from new.shop_order -> 'netTotal'
    or old.refunds is distinct from new.refunds or old.withdrawn_status is distinct from new.withdrawn_status
    or old.withdrawn_at is distinct from new.withdrawn_at)
  execute function overview_tally_updated();

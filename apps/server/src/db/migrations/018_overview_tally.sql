-- The back office's overview (decision 039): what needs attention, and its figures per day.

-- What an order buys, decided at intake (`orderPurchaseType`): the order's meta data, else its
-- session's type, else a reseller order when a line names a license, else a new purchase. Null when
-- the meta data names a type the portal does not know (the generation fails on it).
alter table order_generation add column purchase_type text
  check (purchase_type in ('upgrade', 'new', 'extension', 'reseller'));
update order_generation
set purchase_type = case
  when shop_order ->> 'unknownPurchaseType' is not null then null
  else coalesce(
    shop_order ->> 'purchaseType',
    (select purchase_type from upgrade_session where upgrade_session.id = order_generation.upgrade_session),
    case when jsonb_path_exists(coalesce(shop_order, '{}'), '$.lines[*] ? (@.licenseUid != null)')
      then 'reseller' else 'new' end)
end;

-- „Braucht Aufmerksamkeit” counts through the lists' own filters; these indexes keep the few rows
-- it asks for from being searched among all: failed generations and deliveries, and whether a
-- failed delivery was resent (a later delivery names it in `resent_from`).
create index order_generation_failed_idx on order_generation (created_at) where progress = 'failed';
create index delivery_failed_idx on delivery (created_at) where progress = 'failed';
create index delivery_resent_from_idx on delivery (resent_from) where resent_from is not null;

-- The figures: per measure and Berlin calendar day, what the rows of a table contribute. Each
-- table has a function naming the contributions of one row (`<table>_tally`); triggers add them
-- for inserted rows, subtract them for deleted ones, and add the difference for an update that
-- changes them — in the transaction of the change, so a figure is never stale and never counts a
-- change that was rolled back. The sums equal a GROUP BY over the current rows (a test checks it).
--
-- Delta rows, not one counter per day: a counter updated by every insert would serialize all
-- writers of that day until they commit (as in decision 028). A reader folds the unfolded rows into
-- one `folded` row per measure and day when they pile up (modules/overview/tally.ts).
create table overview_tally (
  measure text not null,
  day date not null,
  amount bigint not null,
  folded boolean not null default false
);
create index overview_tally_measure_day_idx on overview_tally (measure, day);
create unique index overview_tally_folded_idx on overview_tally (measure, day) where folded;
create index overview_tally_unfolded_idx on overview_tally (folded) where not folded;

create function berlin_day(at timestamptz) returns date language sql stable as $$
  select (at at time zone 'Europe/Berlin')::date
$$;

-- Licenses created per class. The v9 update campaign: a version 8 license waits for its update from
-- the day it was created until the day its successor was created (`updated_to_license`), from then
-- on it counts as updated. A version 8 license disabled without a successor left the campaign: it
-- counts on no day (when it was disabled is not recorded).
create function license_tally(tallied license) returns table (measure text, day date, amount bigint)
language sql stable as $$
  select 'license.class.' || tallied.class, berlin_day(tallied.created_at), 1::bigint
  union all
  select 'license.v8.waiting', berlin_day(tallied.created_at), 1
  where tallied.version = '8' and (tallied.status <> 'disabled' or tallied.updated_to_license is not null)
  union all
  select change.measure, berlin_day(successor.created_at), change.amount
  from license as successor,
    (values ('license.v8.waiting', -1::bigint), ('license.v8.updated', 1)) as change (measure, amount)
  where tallied.version = '8' and successor.id = tallied.updated_to_license
$$;

-- Orders (every order generation is a paid shop order the portal processed) per purchase type, and
-- their net totals in cents as the shop sent them (`ShopOrder.netTotal`).
create function order_generation_tally(tallied order_generation) returns table (measure text, day date, amount bigint)
language sql stable as $$
  select 'order_generation.purchase.' || tallied.purchase_type, berlin_day(tallied.created_at), 1::bigint
  where tallied.purchase_type is not null
  union all
  select 'order_generation.revenue', berlin_day(tallied.created_at), (tallied.shop_order ->> 'netTotal')::bigint
  where jsonb_typeof(tallied.shop_order -> 'netTotal') = 'number'
$$;

-- Download links issued, per object (the counter they add to).
create function download_tally(tallied download) returns table (measure text, day date, amount bigint)
language sql stable as $$
  select 'download.object.' || tallied.object, berlin_day(tallied.created_at), 1::bigint
$$;

-- Offers by the day they were made, and what became of them: ordered (the session was bought,
-- whatever its generation did since) or expired.
create function upgrade_session_tally(tallied upgrade_session) returns table (measure text, day date, amount bigint)
language sql stable as $$
  select outcome.measure, berlin_day(tallied.offered_at), 1::bigint
  from (values
    ('upgrade_session.offer.created', true),
    ('upgrade_session.offer.ordered', tallied.status in ('purchased', 'in-progress', 'completed', 'failed')),
    ('upgrade_session.offer.expired', tallied.status = 'expired')
  ) as outcome (measure, applies)
  where tallied.offered_at is not null and outcome.applies
$$;

-- Statement triggers with the statement's rows as a transition table: a bulk insert of a million
-- licenses adds one row per measure and day, not a million.
create function overview_tally_changed() returns trigger language plpgsql as $$
begin
  execute format(
    'insert into overview_tally (measure, day, amount)'
    ' select contribution.measure, contribution.day, %s sum(contribution.amount)'
    ' from changed_rows as changed, lateral %I(changed) as contribution'
    ' group by 1, 2 having sum(contribution.amount) <> 0',
    case when tg_op = 'DELETE' then '-' else '' end, tg_table_name || '_tally');
  return null;
end
$$;

-- An update changes the figures only through the columns its table's function reads: a row
-- trigger, fired only when one of them changed (a download count or a binding's holder does not
-- fire it), adds the difference.
create function overview_tally_updated() returns trigger language plpgsql as $$
begin
  execute format(
    'insert into overview_tally (measure, day, amount)'
    ' select measure, day, sum(amount) from ('
    '   select measure, day, amount from %1$I($1)'
    '   union all select measure, day, -amount from %1$I($2)'
    ' ) as contribution group by 1, 2 having sum(amount) <> 0',
    tg_table_name || '_tally') using new, old;
  return null;
end
$$;

create function overview_tally_truncated() returns trigger language plpgsql as $$
begin
  delete from overview_tally where measure like tg_table_name || '.%';
  return null;
end
$$;

do $$
declare
  counted text;
begin
  foreach counted in array array['license', 'order_generation', 'download', 'upgrade_session'] loop
    execute format(
      'create trigger %I after insert on %I referencing new table as changed_rows'
        ' for each statement execute function overview_tally_changed()',
      counted || '_tally_insert', counted);
    execute format(
      'create trigger %I after delete on %I referencing old table as changed_rows'
        ' for each statement execute function overview_tally_changed()',
      counted || '_tally_delete', counted);
    execute format(
      'create trigger %I after truncate on %I for each statement execute function overview_tally_truncated()',
      counted || '_tally_truncate', counted);
  end loop;
end
$$;

create trigger license_tally_update after update on license for each row
  when (old.class is distinct from new.class or old.version is distinct from new.version
    or old.status is distinct from new.status or old.updated_to_license is distinct from new.updated_to_license
    or old.created_at is distinct from new.created_at)
  execute function overview_tally_updated();
create trigger order_generation_tally_update after update on order_generation for each row
  when (old.purchase_type is distinct from new.purchase_type or old.created_at is distinct from new.created_at
    or old.shop_order -> 'netTotal' is distinct from new.shop_order -> 'netTotal')
  execute function overview_tally_updated();
create trigger download_tally_update after update on download for each row
  when (old.object is distinct from new.object or old.created_at is distinct from new.created_at)
  execute function overview_tally_updated();
create trigger upgrade_session_tally_update after update on upgrade_session for each row
  when (old.status is distinct from new.status or old.offered_at is distinct from new.offered_at)
  execute function overview_tally_updated();

-- The rows there are: created after the triggers, which lock each table against writes until this
-- migration commits, so the sums start exactly where the triggers take over.
insert into overview_tally (measure, day, amount, folded)
select contribution.measure, contribution.day, sum(contribution.amount), true
from (
  select tally.* from license, lateral license_tally(license) as tally
  union all select tally.* from order_generation, lateral order_generation_tally(order_generation) as tally
  union all select tally.* from download, lateral download_tally(download) as tally
  union all select tally.* from upgrade_session, lateral upgrade_session_tally(upgrade_session) as tally
) as contribution
group by 1, 2
having sum(contribution.amount) <> 0;

-- What a paid shop order paid and what the portal asks for the same lines (decision 060), so staff
-- see both on every generation and find those whose money and goods do not match. Amounts are
-- cents of the order's currency. Expand only (decision 036): nullable columns and defaults, which
-- the previous release neither reads nor writes; generations made before stay unflagged.
alter table order_generation
  -- The order as WooCommerce states it: its currency (ISO 4217), its gross total and the tax in it
  -- (with the shop's own lines and shipping), what coupons took off (net) and the coupons
  -- ([{ code, discount }]).
  add column paid_currency text,
  add column order_gross bigint,
  add column order_tax bigint,
  add column discount bigint,
  add column coupons jsonb not null default '[]',
  -- What the order paid for its lines of the portal (their totals after coupons) …
  add column paid_net bigint,
  add column paid_tax bigint,
  add column paid_gross bigint,
  -- … and the portal's price of them, as the assistant priced its session (or, without one, the lines).
  add column portal_net bigint,
  add column portal_tax bigint,
  add column portal_gross bigint,
  -- „Betrag weicht ab”: another currency, or a difference beyond rounding no coupon explains.
  add column amount_differs boolean not null default false,
  -- „Doppelt bezahlt?”: a second paid order of a session another order bought — that order's number.
  add column paid_twice_for text;

-- „Braucht Aufmerksamkeit” counts these few rows; the partial indexes keep it from reading the others.
create index order_generation_amount_differs_idx on order_generation (created_at) where amount_differs;
create index order_generation_paid_twice_idx on order_generation (created_at) where paid_twice_for is not null;

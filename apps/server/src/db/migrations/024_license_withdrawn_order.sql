-- A license an order's undo disabled („Bestellung rückabwickeln”, decision 066) names that order,
-- so its holder is told why at sign-in. Expand only: a nullable column.
alter table license add column withdrawn_order text;

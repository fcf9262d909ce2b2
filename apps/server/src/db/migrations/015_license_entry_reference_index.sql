-- The license list filters by entry reference (the order number of an order's licenses, the
-- admin's name for a manual one): „entryReference = …” finds its rows in this btree instead of
-- scanning every license.
create index license_entry_reference_idx on license (entry_reference);

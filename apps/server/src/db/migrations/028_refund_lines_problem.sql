-- The lines of an order's refunds come from the shop's refunds endpoint after the refund arrived
-- (decision 066); they are kept inside each refund of `refunds`. Why they could not be fetched
-- (no REST key configured, the shop unreachable) is said on the generation, in German, for staff.
-- Expand only (decision 036): a nullable column the previous release neither reads nor writes.
alter table order_generation add column refund_lines_problem text;

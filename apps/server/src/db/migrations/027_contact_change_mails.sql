-- A holder's contact change (issue 40, decision 064). Expand only (decision 036): a nullable
-- column, a not null relaxed for rows only this release writes, two more values allowed by a check.

-- A pending change the holder replaced by a newer one: its link is refused from then on.
alter table holder_contact_change add column replaced_at timestamptz;

-- The two mails of a contact change (the link to the new address, the notice to the old one)
-- are deliveries that send no document.
alter table delivery alter column document_type drop not null;
alter table delivery drop constraint delivery_occasion_check;
alter table delivery add constraint delivery_occasion_check
  check (occasion in ('order', 'manual', 'bind', 'update', 'recovery', 'offer', 'contact-confirmation', 'contact-changed'));

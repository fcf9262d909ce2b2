-- A delivery whose attachments would pass DELIVERY_ATTACHMENT_LIMIT_MB mails one signed link to a
-- ZIP of its documents instead (issue 38, decision 070): the link as mailed and until when it is
-- valid, so the back office shows the same link. Expand only (decision 036): nullable columns.
alter table delivery add column documents_link text;
alter table delivery add column documents_link_expires_at timestamptz;

-- The recipient's domain of every offer mail (decision 034): one client gets a budget per domain,
-- which bounds the spellings of one inbox the mailbox cannot see (a catch-all domain, a provider's
-- aliases). Rows of the release before have none and count only for the client and the mailbox.
alter table offer_mail add column recipient_domain text;
create index offer_mail_client_domain_idx on offer_mail (client, recipient_domain, sent_at);

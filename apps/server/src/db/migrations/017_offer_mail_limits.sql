-- Offers mailed, per client and recipient (decision 034): every offer made adds a row in its own
-- transaction, and a new offer is refused while a client or a recipient has used up its budget
-- in one of the windows. Rows are deleted once the longest window has passed.
create table offer_mail (
  -- the client group that asked for it (an IPv4 address, an IPv6 /56)
  client text not null,
  -- the recipient's mailbox as counted: lower case, without a +suffix of the local part
  recipient text not null,
  sent_at timestamptz not null default now()
);
create index offer_mail_client_idx on offer_mail (client, sent_at);
create index offer_mail_recipient_idx on offer_mail (recipient, sent_at);
create index offer_mail_sent_at_idx on offer_mail (sent_at);

-- A delivery's document type is a kind's name in the documents' registry (decision 032): the
-- registry is its check (a delivery of a kind it does not know fails before it is written), so a
-- new kind needs no migration. Expand only (decision 036): dropping a check refuses nothing an
-- older instance writes.
alter table delivery drop constraint delivery_document_type_check;

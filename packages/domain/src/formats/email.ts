import { z } from 'zod';

/** The longest e-mail address a mail server accepts (RFC 5321's path limit). */
export const EMAIL_MAX_LENGTH = 254;

/**
 * An e-mail address as every form asks for it (holder, offer's billing, recovery): trimmed,
 * required — an empty field is „Bitte machen Sie eine Angabe für …”, not „ist ungültig” — then a
 * valid address of at most 254 characters.
 */
export const requiredEmailSchema = z.string().trim().min(1).max(EMAIL_MAX_LENGTH).pipe(z.email());

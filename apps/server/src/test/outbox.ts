import fs from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';

/** The mails written to the outbox (`DATA_DIR/outbox`, without SMTP_URL), parsed. */
export async function outboxMails(outboxDir: string): Promise<ParsedMail[]> {
  const names = await fs.readdir(outboxDir).catch(() => []);
  const files = names.filter((name) => name.endsWith('.eml')).sort();
  return Promise.all(files.map(async (name) => simpleParser(await fs.readFile(path.join(outboxDir, name)))));
}

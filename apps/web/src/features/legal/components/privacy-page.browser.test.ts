import { describe, it } from 'vitest';
import { privacyNotice } from '@lizenzportal/domain';
import { setupBrowser } from '@/test/browser';

// A portal configured with periods other than decision 064's defaults (90 days, 180 days, 6 years).
const browser = setupBrowser({
  RETENTION_OFFER_DAYS: '45',
  RETENTION_MAIL_TEXT_DAYS: '30',
  RETENTION_AUDIT_DAYS: '3650',
});

describe('/datenschutz', () => {
  it('says how long this portal keeps what: the periods it is configured with, not the defaults', async () => {
    const page = await browser.open('/datenschutz');
    await page.getByRole('heading', { level: 2, name: privacyNotice.periods.title }).waitFor();
    const periods = page.getByRole('listitem');
    await periods.getByText(/Angebotsmail: 45 Tage nach Ablauf des Angebots\.$/).waitFor();
    await periods.getByText(/^Der Text gesendeter Mails: 30 Tage;/).waitFor();
    await periods
      .getByText('Protokolleinträge über Änderungen an einer Lizenz: 10 Jahre (§ 257 HGB).')
      .waitFor();
  });
});

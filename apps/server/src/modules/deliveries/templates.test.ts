import { describe, expect, test } from 'vitest';
import { renderDeliveryMail, type MailContext } from './templates.ts';

const phishing = 'Ihr Konto wird gesperrt. Bitte bestätigen: http://phish.example/';

const offer: MailContext = {
  occasion: 'offer',
  offer: {
    offerNumber: 'ANG-2026-00017',
    offerCode: 'abcDEFghj',
    validUntil: '2026-06-30T10:00:00.000Z',
    shopUrl: 'https://shop.example/lizenz-assistent',
  },
  documentType: 'offer',
  recipientName: phishing,
  licenses: [],
  note: null,
  portalUrl: 'https://portal.example',
  supportEmail: 'support@example.com',
  vendorName: 'Symbolsoftware Demo GmbH',
};

describe('the offer mail', () => {
  test('never greets with the name the requester typed, also for a delivery that stored one', () => {
    const mail = renderDeliveryMail(offer);
    expect(mail.text.split('\n')[0]).toBe('Guten Tag,');
    expect(mail.html).toContain('<p>Guten Tag,</p>');
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toContain('phish.example');
      expect(part).not.toContain('gesperrt');
    }
  });

  test('other mails greet the recipient the license or an admin names', () => {
    const bound = renderDeliveryMail({
      ...offer,
      occasion: 'manual',
      documentType: 'starter',
      offer: null,
      recipientName: 'Erika Mustermann',
    });
    expect(bound.text.split('\n')[0]).toBe('Guten Tag Erika Mustermann,');
  });
});

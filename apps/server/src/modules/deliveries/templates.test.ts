import { describe, expect, test } from 'vitest';
import { deliveryMailTexts, formatStartCode, productTitle } from '@lizenzportal/domain';
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

describe('a reseller order mailed as a link to its ZIP (decision 070)', () => {
  const licenses = Array.from({ length: 3 }, (_, index) => ({
    key: `ABCDEFGHJKL${index}`,
    startCode: `START${index}`,
    authenticationCode: `AUTH${index}`,
    version: '9',
    class: 'pro' as const,
    size: 5,
    holderName: null,
    customerReference: 'Schule am Park',
  }));
  const order: MailContext = {
    ...offer,
    occasion: 'order',
    offer: null,
    documentType: 'starter',
    documentWord: 'die Startdokumente',
    recipientName: 'Medienzentrum',
    licenses,
    documentsLink: {
      url: 'https://portal.example/api/v1/delivery-documents?key=k&signature=s',
      expiresAt: new Date('2026-12-13T16:10:00.000Z'),
    },
  };

  test('says why and until when, and gives the link before the list of keys, in HTML and text', () => {
    const mail = renderDeliveryMail(order);
    const T = deliveryMailTexts;
    expect(mail.subject).toBe(T.order.subject(true, productTitle('9')));
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain(T.documentsLink.instead('die Startdokumente'));
      expect(part).toContain('Der Link ist 14 Tage gültig, bis 13.12.26 17:10 Uhr.');
      expect(part).not.toContain('Im Anhang');
      const link = part.indexOf('https://portal.example/api/v1/delivery-documents');
      expect(link).toBeGreaterThan(part.indexOf(T.documentsLink.instead('die Startdokumente')));
      expect(link).toBeLessThan(part.indexOf('ABCD-EFGH-JKL0'));
    }
    expect(mail.text).toContain(`${T.documentsLink.action}: ${order.documentsLink!.url}`);
    expect(mail.html).toContain(
      `<a href="https://portal.example/api/v1/delivery-documents?key=k&amp;signature=s">${T.documentsLink.action}</a>`,
    );
    // The keys, start codes and direct sign-ins stay as with attachments.
    expect(mail.text).toContain(`Startcode: ${formatStartCode(licenses[2]!.startCode)}`);
    expect(renderDeliveryMail({ ...order, documentsLink: null }).text).toContain(
      T.attached('die Startdokumente'),
    );
  });
});

import { describe, expect, test } from 'vitest';
import { downloadLinkErrorMessage, downloadMessages, downloadTitle } from './messages.ts';

describe('download-link error catalogue (customer spec §8)', () => {
  const context = {
    product: downloadTitle({ product: 'software' }, '9'),
    serverMessage: 'Für diesen Download ist noch keine Version veröffentlicht.',
    supportEmail: 'hilfe@example.com',
  };

  test('403 names the product, 5xx is internal, anything else repeats the server and names support', () => {
    expect(downloadMessages.errorTitle).toBe('Fehler beim Abrufen des Download-Links:');
    expect(downloadLinkErrorMessage(403, context)).toBe(
      'Fehlende Berechtigung zum Download von Symbolsoftware Version 9.',
    );
    expect(downloadLinkErrorMessage(500, context)).toBe(downloadMessages.internalError);
    expect(downloadLinkErrorMessage(404, context)).toBe(
      'Ein unbekannter Fehler ist aufgetreten: Für diesen Download ist noch keine Version veröffentlicht. Bitte wenden Sie sich an hilfe@example.com.',
    );
  });

  test('downloads are named in German, installers with their platform', () => {
    expect(downloadTitle({ product: 'metasearch', platform: 'linux-rpm' }, '8')).toBe(
      'One-Click-Installer der Suchsoftware (Linux (RPM-Paket))',
    );
    expect(downloadTitle({ product: 'release-notes' }, '8')).toBe(
      'Versionshinweise zu Symbolsoftware Version 8',
    );
  });
});

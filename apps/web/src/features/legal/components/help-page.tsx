import { Accordion, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Page } from '@/components/ui/page';
import { SmartLink } from '@/components/ui/smart-link';
import { RECOVERY_PATH } from '@/lib/paths';
import { SupportEmail } from './support-email.tsx';

const QUESTIONS: { question: string; answer: ReactNode }[] = [
  {
    question: 'Wo finde ich Lizenzschlüssel und Startcode?',
    answer: (
      <Text>
        Beides steht in Ihrem Startdokument, das Sie nach dem Kauf erhalten haben: der Lizenzschlüssel aus
        zwölf Zeichen (XXXX-XXXX-XXXX) und der sechsstellige Startcode (123 456).
      </Text>
    ),
  },
  {
    question: 'Mein Startcode wird nicht mehr angenommen. Warum?',
    answer: (
      <Text>
        Sobald eine Lizenz an den Lizenznehmer gebunden ist, ersetzt der Name des Lizenznehmers den Startcode.
        Geben Sie den Namen bitte genau so ein, wie er in Ihrem Lizenzdokument steht – auf Groß- und
        Kleinschreibung, Leerzeichen und Sonderzeichen kommt es an.
      </Text>
    ),
  },
  {
    question: 'Wie bekomme ich mein Lizenzdokument noch einmal?',
    answer: (
      <Text>
        Lassen Sie es sich{' '}
        <SmartLink to={RECOVERY_PATH} newTab>
          erneut zusenden
        </SmartLink>
        : Dort geben Sie die E-Mail-Adresse des Lizenznehmers ein. Gibt es dazu gebundene Lizenzen, senden wir
        die Lizenzdokumente innerhalb weniger Minuten an diese Adresse.
      </Text>
    ),
  },
  {
    question: 'An wen kann ich mich sonst wenden?',
    answer: (
      <Text>
        Schreiben Sie uns an <SupportEmail /> – bitte mit Ihrem Lizenzschlüssel.
      </Text>
    ),
  },
];

/** `/hilfe`: the questions customers ask most when signing in. */
export function HelpPage() {
  return (
    <Page>
      <Accordion variant="separated" multiple>
        {QUESTIONS.map(({ question, answer }) => (
          <Accordion.Item key={question} value={question}>
            <Accordion.Control>{question}</Accordion.Control>
            <Accordion.Panel>{answer}</Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Page>
  );
}

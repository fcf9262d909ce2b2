import { Accordion, AccordionChevron, Text } from '@mantine/core';
import { helpQuestions } from '@lizenzportal/domain';
import type { ReactNode } from 'react';
import { Page } from '@/components/ui/page';
import { SmartLink } from '@/components/ui/smart-link';
import { RECOVERY_PATH } from '@/lib/paths';
import { SupportEmail } from './support-email.tsx';

const { whereAreKeyAndCode, startCodeRejected, documentAgain, whoElse } = helpQuestions;

/**
 * `id`: the accordion item's value, from which Mantine builds the ids that name an open answer's
 * region by its question (`aria-labelledby`): a value with spaces would name nothing.
 */
const QUESTIONS: { id: string; question: string; answer: ReactNode }[] = [
  {
    id: 'key-and-code',
    question: whereAreKeyAndCode.question,
    answer: <Text>{whereAreKeyAndCode.answer}</Text>,
  },
  {
    id: 'start-code-rejected',
    question: startCodeRejected.question,
    answer: <Text>{startCodeRejected.answer}</Text>,
  },
  {
    id: 'document-again',
    question: documentAgain.question,
    answer: (
      <Text>
        {documentAgain.beforeLink}{' '}
        <SmartLink to={RECOVERY_PATH} newTab>
          {documentAgain.link}
        </SmartLink>
        {documentAgain.afterLink}
      </Text>
    ),
  },
  {
    id: 'who-else',
    question: whoElse.question,
    answer: (
      <Text>
        {whoElse.beforeAddress} <SupportEmail /> {whoElse.afterAddress}
      </Text>
    ),
  },
];

/** `/hilfe`: the questions customers ask most when signing in. */
export function HelpPage() {
  return (
    <Page>
      {/* The chevron only shows open or closed, which the control says itself (aria-expanded). */}
      <Accordion variant="separated" multiple chevron={<AccordionChevron aria-hidden />}>
        {QUESTIONS.map(({ id, question, answer }) => (
          <Accordion.Item key={id} value={id}>
            <Accordion.Control>{question}</Accordion.Control>
            <Accordion.Panel>{answer}</Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Page>
  );
}

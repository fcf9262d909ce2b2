import { Accordion, Text } from '@mantine/core';
import { helpQuestions } from '@lizenzportal/domain';
import type { ReactNode } from 'react';
import { Page } from '@/components/ui/page';
import { SmartLink } from '@/components/ui/smart-link';
import { RECOVERY_PATH } from '@/lib/paths';
import { SupportEmail } from './support-email.tsx';

const { whereAreKeyAndCode, startCodeRejected, documentAgain, whoElse } = helpQuestions;

const QUESTIONS: { question: string; answer: ReactNode }[] = [
  { question: whereAreKeyAndCode.question, answer: <Text>{whereAreKeyAndCode.answer}</Text> },
  { question: startCodeRejected.question, answer: <Text>{startCodeRejected.answer}</Text> },
  {
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

import { describe, expect, it } from 'vitest';
import { contactChangeMessages } from '../messages/contact-change.ts';
import { contactProblems, toNewContact } from './contact-change.ts';

const school = {
  holderType: 'organization',
  contact: 'Jonas Çelik',
  email: 'verwaltung@schule.example',
} as const;
const person = { holderType: 'person', contact: null, email: 'anna@example.com' } as const;

describe('the contact form’s rules', () => {
  it('asks for the confirmation only of a new address, and for an organization’s contact person', () => {
    expect(
      contactProblems({ contact: 'Zoë Øberg', email: school.email, emailConfirmation: '' }, school),
    ).toEqual({});
    expect(
      contactProblems({ contact: 'Zoë Øberg', email: 'neu@schule.example', emailConfirmation: '' }, school),
    ).toEqual({ emailConfirmation: 'Bitte machen Sie eine Angabe für „E-Mail (Wiederholung)”.' });
    expect(
      contactProblems(
        { contact: '', email: 'neu@schule.example', emailConfirmation: 'neu@schule.example' },
        school,
      ),
    ).toEqual({ contact: 'Bitte machen Sie eine Angabe für „Ansprechpartner”.' });
    // A person has no contact person: nothing is asked for, nothing kept.
    expect(
      contactProblems(
        { contact: '', email: 'anna@neu.example', emailConfirmation: 'anna@neu.example' },
        person,
      ),
    ).toEqual({});
    expect(toNewContact({ contact: 'Niemand', email: ' anna@neu.example ' }, 'person')).toEqual({
      contact: null,
      email: 'anna@neu.example',
    });
  });

  it('refuses a change that changes nothing', () => {
    expect(contactProblems({ ...school, emailConfirmation: '' }, school)).toEqual({
      email: contactChangeMessages.nothingChanged,
    });
    expect(contactProblems({ contact: 'Egal', email: person.email, emailConfirmation: '' }, person)).toEqual({
      email: contactChangeMessages.nothingChanged,
    });
  });
});

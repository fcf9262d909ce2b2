import { COPYRIGHT_CLAUSE, symbolUseClauses, type TermsSection } from './terms-section.ts';

export const TERMS_VERSION_9: TermsSection[] = [
  {
    title: 'A. Allgemeine Bestimmungen',
    clauses: [COPYRIGHT_CLAUSE, ...symbolUseClauses(250)],
  },
  {
    title: 'B. Persönliche Lizenz',
    clauses: [
      'Die Persönliche Lizenz ist an genau eine natürliche Person gebunden, den Lizenznehmer. Nur diese Person darf die Software nutzen.',
      'Der Lizenznehmer darf die Software auf mehreren eigenen Computern installieren.',
      'Die Nutzung in Netzwerken und auf Terminalservern ist nicht gestattet.',
      'Institutionen wie Schulen, Kindertagesstätten, Behörden, Unternehmen und Vereine benötigen auch für eine einzelne Person die Pro-Lizenz.',
    ],
  },
  {
    title: 'C. Pro-Lizenz',
    clauses: [
      'Die Pro-Lizenz ist für Organisationen bestimmt. Die Nutzung in Netzwerken und auf Terminalservern ist gestattet.',
      'Die lizenzierten Arbeitsplätze werden Benutzern, Arbeitsplatzrechnern oder gleichzeitigen Nutzungen zugeordnet.',
      'Werden Arbeitsplätze gleichzeitigen Nutzungen zugeordnet, darf die Zahl der gleichzeitigen Nutzungen höchstens ein Drittel der zugeordneten Arbeitsplätze betragen.',
    ],
  },
];

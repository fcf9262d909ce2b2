import { COPYRIGHT_CLAUSE, symbolUseClauses, type TermsSection } from './terms-section.ts';

export const TERMS_VERSION_8: TermsSection[] = [
  {
    title: 'Nutzungsrecht',
    clauses: [
      COPYRIGHT_CLAUSE,
      'Die Software darf auf so vielen Arbeitsplätzen genutzt werden, wie die Lizenz umfasst (Lizenzgröße). Eine Einzellizenz gilt für einen Arbeitsplatz.',
      'Die Installation in einem Netzwerk oder auf einem Server ist nur mit einer Serverlizenz gestattet.',
    ],
  },
  { title: 'Verwendung der Symbole', clauses: symbolUseClauses(200) },
];

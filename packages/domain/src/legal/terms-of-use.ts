import type { LicenseVersion } from '../license/enums.ts';

/**
 * The terms of use of each version (customer spec §2: `/terms` and the download area's start).
 * Versioned legal content rather than screen wording: a new version of the software gets its own
 * terms here, and what a customer accepted stays readable word for word.
 */
export interface TermsSection {
  title: string;
  clauses: readonly string[];
}

/** The first clause of both versions' terms. */
const COPYRIGHT_CLAUSE =
  'Die Software und die enthaltenen Symbole sind urheberrechtlich geschützt. Mit der Lizenz erhält der Lizenznehmer ein einfaches, nicht übertragbares Recht, die Software nach diesen Bedingungen zu nutzen.';

/** The rules for using the symbols, alike in both versions but for the size allowed on the web. */
function symbolUseClauses(webSizePx: number): string[] {
  return [
    'Die Symbole dürfen in eigenen Materialien des Lizenznehmers verwendet werden, zum Beispiel in Arbeitsblättern, Aushängen, Briefen und Präsentationen.',
    'Bis zu 25 Symbole dürfen ohne gesonderte Genehmigung veröffentlicht werden. Für darüber hinausgehende Veröffentlichungen ist vorab eine schriftliche Genehmigung einzuholen.',
    `Im Internet dürfen Symbole höchstens in einer Größe von ${webSizePx} × ${webSizePx} Pixeln gezeigt werden.`,
    'Pro Jahr dürfen höchstens 50 verschiedene Symbole veröffentlicht werden.',
    'Die Software und die Symbole selbst dürfen nicht weitergegeben, verkauft, vermietet oder als eigene Symbolsammlung angeboten werden.',
  ];
}

const VERSION_8_TERMS: readonly TermsSection[] = [
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

/**
 * The portal holds no terms of version 7 (imported licenses only, decision 061): a version 7 holder
 * reads the oldest terms it has, those of version 8.
 */
export const TERMS_OF_USE: Record<LicenseVersion, readonly TermsSection[]> = {
  '7': VERSION_8_TERMS,
  '8': VERSION_8_TERMS,
  '9': [
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
  ],
};

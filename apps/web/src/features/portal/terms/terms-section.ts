export interface TermsSection {
  title: string;
  clauses: string[];
}

/** The first clause of both versions' terms. */
export const COPYRIGHT_CLAUSE =
  'Die Software und die enthaltenen Symbole sind urheberrechtlich geschützt. Mit der Lizenz erhält der Lizenznehmer ein einfaches, nicht übertragbares Recht, die Software nach diesen Bedingungen zu nutzen.';

/** The rules for using the symbols, alike in both versions but for the size allowed on the web. */
export function symbolUseClauses(webSizePx: number): string[] {
  return [
    'Die Symbole dürfen in eigenen Materialien des Lizenznehmers verwendet werden, zum Beispiel in Arbeitsblättern, Aushängen, Briefen und Präsentationen.',
    'Bis zu 25 Symbole dürfen ohne gesonderte Genehmigung veröffentlicht werden. Für darüber hinausgehende Veröffentlichungen ist vorab eine schriftliche Genehmigung einzuholen.',
    `Im Internet dürfen Symbole höchstens in einer Größe von ${webSizePx} × ${webSizePx} Pixeln gezeigt werden.`,
    'Pro Jahr dürfen höchstens 50 verschiedene Symbole veröffentlicht werden.',
    'Die Software und die Symbole selbst dürfen nicht weitergegeben, verkauft, vermietet oder als eigene Symbolsammlung angeboten werden.',
  ];
}

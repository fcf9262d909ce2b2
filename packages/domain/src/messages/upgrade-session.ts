import { counted } from './plurals.ts';

/**
 * German texts of the server's upgrade sessions and offers (the API's error messages, the offer
 * document and its mail). The assistant's own texts are in `assistant.ts`.
 */
export const upgradeSessionMessages = {
  // Who may use a session (its token) and which licenses it may name (their access tokens).
  sessionTokenRequired: 'Für diese Upgrade-Session fehlt ein gültiger Zugangs-Token.',
  licenseTokenInvalid:
    'Der Zugangs-Token einer Lizenz ist ungültig oder abgelaufen. Bitte melden Sie die Lizenz im Assistenten erneut an.',
  duplicateLicense: 'Jede Lizenz kann nur einmal angegeben werden.',
  /** A session handed to the shop before its purchase is determined (an update without class). */
  cartNotPriced:
    'Die Upgrade-Session hat noch keinen Warenkorb: bitte im Assistenten die Lizenz vollständig auswählen.',
  licenseDisabled: 'Diese Lizenz wurde deaktiviert und kann nicht mehr aktualisiert oder erweitert werden.',
  extensionTooSmall: (previousSeats: number) =>
    `Die Lizenz umfasst bereits ${counted(previousSeats, 'seat')}: Eine Erweiterung braucht mehr Arbeitsplätze.`,
  extensionTooManyDvds: (maximum: number) =>
    `Zu dieser Erweiterung können Sie höchstens ${counted(maximum, 'additionalDvd')} bestellen.`,
  holderTypeNotAllowed: 'Diese Art von Lizenznehmer ist für die gewählte Lizenz nicht möglich.',

  // The lifecycle: what a session in its status no longer allows.
  sessionFrozen:
    'Zu dieser Upgrade-Session wurde bereits ein Angebot erstellt oder eine Bestellung aufgegeben. Sie kann nicht mehr geändert werden.',
  offerExists: 'Zu dieser Upgrade-Session wurde bereits ein Angebot erstellt.',
  offerNeedsPurchase: 'Für ein Angebot muss zuerst die Lizenz gewählt werden (Klasse und Arbeitsplätze).',
  offerNeedsHolder: 'Für ein Angebot zu einem Update oder einer Erweiterung fehlt noch der Lizenznehmer.',

  // How many offers are mailed (decision 034): the answer names when the next one can be made.
  offerLimitReached: (retryAt: string) =>
    `Es wurden in kurzer Zeit zu viele Angebote angefordert (an diese E-Mail-Adresse oder von Ihrem Internetanschluss aus). Ein weiteres Angebot können Sie ab ${retryAt} Uhr anfordern; bei Fragen wenden Sie sich gern an uns.`,
} as const;

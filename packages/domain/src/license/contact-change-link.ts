/** A contact change's confirmation link (issue 40): how long it is valid, where it leads. */

/** How long a confirmation link of a contact change is valid. */
export const CONTACT_CHANGE_LINK_HOURS = 24;

/** The address of the page a confirmation link opens, and its query parameter with the link's token. */
export const CONTACT_CONFIRMATION_PATH = '/kontakt-bestaetigen';
export const CONTACT_CONFIRMATION_PARAM = 'link';

/** The confirmation page's address with a link's token, below the portal's address. */
export function contactConfirmationUrl(portalUrl: string, token: string): string {
  const query = new URLSearchParams({ [CONTACT_CONFIRMATION_PARAM]: token });
  return `${portalUrl.replace(/\/$/, '')}${CONTACT_CONFIRMATION_PATH}?${query.toString()}`;
}

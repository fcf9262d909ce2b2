import { assistantScreens } from './assistant-screens.ts';

/**
 * What a search result or a link preview says about the portal's two pages (their meta
 * description): the portal's holders arrive from the link on their license document, buyers find
 * the assistant in the shop.
 */
export const pageDescriptions = {
  portal:
    'Im Lizenzportal melden Sie sich mit Lizenzschlüssel und Startcode oder Lizenznehmer-Namen an, sehen Ihre Lizenz, laden die Software herunter und lassen sich Ihr Lizenzdokument erneut zusenden.',
  assistant: assistantScreens.welcomeText,
} as const;

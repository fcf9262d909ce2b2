/** Title of the error box when a license recovery request fails (customer-portal.md §9). */
export const RECOVERY_FAILED_TITLE = 'Fehler beim Erstellen der Wiederherstellungs-Anfrage';

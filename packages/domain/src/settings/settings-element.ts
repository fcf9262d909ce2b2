/**
 * The id of the `<script type="application/json">` in which the server hands the settings to the
 * entry pages it serves, so the first screen needs no request for them (decision 051). Apart from
 * the settings' schema: the web app's first load reads the element, and zod is not in it.
 */
export const SETTINGS_ELEMENT_ID = 'portal-settings';

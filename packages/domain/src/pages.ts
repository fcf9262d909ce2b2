/**
 * The license assistant's page: the one page the shop may show in its iframe (the server allows
 * the shop's origin to frame it, and no other page); the portal's cookie banner has no place there.
 */
export const ASSISTANT_PATH = '/m9-assistent';

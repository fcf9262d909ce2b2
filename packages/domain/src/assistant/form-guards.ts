import { holderDataSchema } from '../license/holder-data.ts';
import { offerFormSchema } from '../upgrade-session/schema.ts';
import type { AssistantMachineEvent } from './contract.ts';

/**
 * The assistant's checks of its two forms, by the domain's schemas: the binding step's holder and
 * the offer form. `assistantMachine` leaves them injected (`.provide({ guards: assistantFormGuards })`):
 * it is on the shop iframe's first screen, and these need zod, which the forms' screens bring later.
 */
export const assistantFormGuards = {
  holderValid: ({ event }: { event: AssistantMachineEvent }) =>
    event.type === 'COMPLETED' && holderDataSchema.safeParse(event.holder).success,
  offerFormValid: ({ event }: { event: AssistantMachineEvent }) =>
    event.type === 'CREATE_OFFER' && offerFormSchema.safeParse(event.offer).success,
};
export type AssistantFormGuards = typeof assistantFormGuards;

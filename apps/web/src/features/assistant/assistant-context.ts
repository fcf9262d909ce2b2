import type { AssistantEmitted, AssistantEvent, AssistantSnapshot } from '@lizenzportal/domain';
import { createContext, use } from 'react';
import type { PortalSettings } from '@/lib/settings';

/** A notice the machine gave about a field of the current step (`AssistantEmitted` with `field`). */
export interface FieldNotice {
  field: NonNullable<AssistantEmitted['field']>;
  message: string;
}

export interface AssistantView {
  snapshot: AssistantSnapshot;
  send: (event: AssistantEvent) => void;
  settings: PortalSettings;
  /** Shown beside its field until `dismissNotice` (or the step is left). */
  notice: FieldNotice | null;
  dismissNotice: () => void;
}

export const AssistantViewContext = createContext<AssistantView | null>(null);

/** The running assistant: its snapshot (ask `snapshot.can(event)` before offering an action), `send`. */
export function useAssistant(): AssistantView {
  const view = use(AssistantViewContext);
  if (!view) throw new Error('useAssistant needs the assistant page around it');
  return view;
}

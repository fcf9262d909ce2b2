import type { AssistantEvent, AssistantSnapshot } from '@lizenzportal/domain';
import { createContext, use } from 'react';
import type { PortalSettings } from '@/lib/settings';

export interface AssistantView {
  snapshot: AssistantSnapshot;
  send: (event: AssistantEvent) => void;
  settings: PortalSettings;
}

export const AssistantViewContext = createContext<AssistantView | null>(null);

/** The running assistant: its snapshot (ask `snapshot.can(event)` before offering an action), `send`. */
export function useAssistant(): AssistantView {
  const view = use(AssistantViewContext);
  if (!view) throw new Error('useAssistant needs the assistant page around it');
  return view;
}

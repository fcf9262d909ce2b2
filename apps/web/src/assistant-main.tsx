/**
 * The license assistant's own entry (`assistant.html`, served at `/m9-assistent`): the shop's
 * iframe loads the assistant and what it uses, none of the portal's router, pages or back office.
 */
import './app/base-styles.ts';
import { StrictMode } from 'react';
import { CoreProviders } from './app/core-providers.tsx';
import { AssistantPage } from './features/assistant/assistant-page.tsx';
import { renderRoot } from './lib/render-root.ts';

renderRoot(
  <StrictMode>
    <CoreProviders>
      <AssistantPage />
    </CoreProviders>
  </StrictMode>,
);

import './app/base-styles.ts';
import { StrictMode } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers.tsx';
import { routes } from './app/router.tsx';
import { renderRoot } from './lib/render-root.ts';

const router = createBrowserRouter(routes);

renderRoot(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);

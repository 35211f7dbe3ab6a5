import { Suspense, lazy } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { AuthProvider } from '../features/auth/AuthProvider.js';
import { LinkCarriedContext } from '../features/keys/link-carried.js';
import { useTheme } from '../lib/theme.js';
import { APP_LINK_CARRIED } from './link-carried.js';
import { AppRoutes } from './router.js';

const ToasterHost = lazy(() => import('../components/ToasterHost.js'));

const STALE_MS = 30_000;

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, staleTime: STALE_MS } },
});

export function App() {
  const { theme } = useTheme();
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <LinkCarriedContext value={APP_LINK_CARRIED}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </LinkCarriedContext>
      </AuthProvider>
      <Suspense fallback={null}>
        <ToasterHost theme={theme} />
      </Suspense>
    </QueryClientProvider>
  );
}

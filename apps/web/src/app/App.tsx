import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { AuthProvider } from '../features/auth/AuthProvider.js';
import { useTheme } from '../lib/theme.js';
import { router } from './router.js';
import { TOAST_TOP_OFFSET_PX } from '../lib/constants.js';

const STALE_MS = 30_000;

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, staleTime: STALE_MS } },
});

export function App() {
  const { theme } = useTheme();
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
      {/* Below the sticky app header, so a toast never hides it. */}
      <Toaster
        position="top-center"
        richColors
        closeButton
        theme={theme}
        offset={{ top: TOAST_TOP_OFFSET_PX }}
        mobileOffset={{ top: TOAST_TOP_OFFSET_PX }}
      />
    </QueryClientProvider>
  );
}

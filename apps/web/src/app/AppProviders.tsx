import { useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { Bounce, ToastContainer } from 'react-toastify';
import { AuthProvider } from '@/lib/auth';
import { createQueryClient } from '@/lib/query-client';
import { cssVariablesResolver, theme } from './theme';

/** Spec section 9's toast settings. */
function Toasts() {
  return (
    <ToastContainer
      position="top-right"
      autoClose={5000}
      pauseOnHover
      pauseOnFocusLoss
      draggable="touch"
      draggablePercent={80}
      hotKeys={(event) => event.altKey && event.code === 'KeyT'}
      newestOnTop
      transition={Bounce}
    />
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          {children}
          <Toasts />
        </AuthProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}

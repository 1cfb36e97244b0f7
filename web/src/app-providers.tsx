import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import type { ReactNode } from 'react';
import { Toaster } from './components/toaster/toaster';

interface AppProvidersProps {
  client: ApolloClient;
  children: ReactNode;
}

/** Providers shared by every screen: the Apollo client and the notification region. */
export function AppProviders({ client, children }: AppProvidersProps) {
  return (
    <ApolloProvider client={client}>
      {children}
      <Toaster />
    </ApolloProvider>
  );
}

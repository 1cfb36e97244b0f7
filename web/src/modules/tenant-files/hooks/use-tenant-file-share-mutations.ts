import { useMutation } from '@apollo/client/react';
import { serverMessage } from '../../../apollo/graphql-errors';
import { toast } from '../../../components/toaster/use-toast';
import {
  ExtendTenantFileShareDocument,
  RevokeTenantFileAccessDocument,
  TenantFileActivityDocument,
} from '../../../gql/graphql';

/** Extends (7, 30 or 90 days from now) or revokes a share from the Documents tab; the activity is read again. */
export function useTenantFileShareMutations() {
  const refetchQueries = [{ query: TenantFileActivityDocument }];
  const [extendMutate, { loading: extending }] = useMutation(ExtendTenantFileShareDocument, { refetchQueries });
  const [revokeMutate, { loading: revoking }] = useMutation(RevokeTenantFileAccessDocument, { refetchQueries });
  const fail = (error: unknown, fallback: string) =>
    toast({ title: 'Erreur', description: serverMessage(error) ?? fallback, variant: 'destructive' });

  const extend = async (fileId: string, conversationId: string, days: number) => {
    try {
      await extendMutate({ variables: { fileId, conversationId, days } });
      toast({ title: 'Partage prolongé', description: `Le document reste partagé ${days} jours.` });
    } catch (error) {
      fail(error, 'Impossible de prolonger le partage. Veuillez réessayer.');
    }
  };
  const revoke = async (fileId: string, conversationId: string) => {
    try {
      await revokeMutate({ variables: { fileId, conversationId } });
      toast({ title: 'Accès révoqué', description: "Ce document n'est plus partagé dans cette conversation." });
    } catch (error) {
      fail(error, "Impossible de révoquer l'accès à ce document. Veuillez réessayer.");
    }
  };
  return { extend, revoke, busy: extending || revoking };
}

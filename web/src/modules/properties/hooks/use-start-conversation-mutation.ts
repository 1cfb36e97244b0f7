import { useApolloClient, useMutation } from '@apollo/client/react';
import { LIMITS, MSG } from '@flaneur/schema';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { hasErrorCode, serverMessage } from '../../../apollo/graphql-errors';
import { toast } from '../../../components/toaster/use-toast';
import { MeDocument, StartPropertyConversationDocument } from '../../../gql/graphql';
import { useMe } from '../../auth/hooks/use-me';
import { authRedirectState } from '../../auth/lib/post-login-path';
import { CONVERSATION_MESSAGES as TEXT } from '../lib/conversation-messages';

/** What the flow needs of the listing. */
export interface ConversationTarget {
  id: string;
  ownerId?: string | null;
}

/**
 * "Message" on a listing: signed-in user, loaded listing and known owner first; a
 * session check; then the conversation (created or existing), "Conversation créée" for 2000 ms and
 * /messages/{id} after 500 ms. A busy flag blocks repeat clicks and clears 1 s after the attempt.
 */
export function useStartConversationMutation() {
  const [mutate] = useMutation(StartPropertyConversationDocument);
  const client = useApolloClient();
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useMe();
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const later = (fn: () => void, ms: number) => timers.current.push(setTimeout(fn, ms));
  const fail = (description: string) => toast({ title: 'Erreur', description, variant: 'destructive' });
  const sessionExpired = () => {
    fail(TEXT.sessionExpired);
    navigate('/auth', { state: authRedirectState(location) });
  };

  const startConversation = async (property: ConversationTarget | null | undefined): Promise<void> => {
    if (busyRef.current) return;
    if (!user) {
      toast({ title: TEXT.signedOut });
      navigate('/auth', { state: authRedirectState(location) });
      return;
    }
    if (!property) return void fail(TEXT.propertyUnavailable);
    if (!property.ownerId) return void fail(TEXT.noOwner);
    if (property.ownerId === user.id) return void fail(MSG.conversationWithSelf);

    busyRef.current = true;
    setBusy(true);
    let progress: { dismiss: () => void } | null = null;
    try {
      let sessionUser;
      try {
        sessionUser = (await client.query({ query: MeDocument, fetchPolicy: 'network-only' })).data?.me;
      } catch {
        sessionUser = null;
      }
      if (!sessionUser) return sessionExpired();

      progress = toast({ title: TEXT.creating });
      const { data } = await mutate({
        variables: { otherUserId: property.ownerId, propertyId: property.id },
        // The answer holds only the id, not a list row: drop the cached /messages list so it is fetched
        // again (with the new conversation) the next time it shows.
        update: (cache) => {
          cache.evict({ id: 'ROOT_QUERY', fieldName: 'conversations' });
          cache.gc();
        },
      });
      progress.dismiss();
      const id = data?.startConversation.id;
      if (!id) return void fail(TEXT.failed);
      toast({ title: TEXT.created, duration: LIMITS.conversationCreatedToastMs });
      later(() => navigate(`/messages/${encodeURIComponent(id)}`), LIMITS.conversationRedirectMs);
    } catch (error) {
      progress?.dismiss();
      if (hasErrorCode(error, 'UNAUTHENTICATED')) sessionExpired();
      else if (hasErrorCode(error, 'FORBIDDEN')) fail(serverMessage(error) ?? TEXT.forbidden);
      else fail(TEXT.failed);
    } finally {
      later(() => {
        busyRef.current = false;
        setBusy(false);
      }, LIMITS.busyResetMs);
    }
  };

  return { startConversation, busy };
}

import { useMutation } from '@apollo/client/react';
import { FEED_LIMITS, FEED_MSG } from '@flaneur/schema';
import { serverMessage } from '../../../apollo/graphql-errors';
import { toast } from '../../../components/toaster/use-toast';
import { FeedImportsDocument, ImportFeedDocument } from '../../../gql/graphql';

/** Uploads a Poliris ZIP; the new import heads the list (refetched once, on success). */
export function useImportFeedMutation() {
  const [mutate, { loading }] = useMutation(ImportFeedDocument, { refetchQueries: [FeedImportsDocument] });

  const importFeed = async (file: File): Promise<boolean> => {
    if (file.size > FEED_LIMITS.zipMaxBytes) {
      toast({ title: 'Erreur', description: FEED_MSG.zipTooLarge, variant: 'destructive' });
      return false;
    }
    try {
      await mutate({ variables: { feed: file } });
      toast({ title: 'Flux reçu', description: "L'import est en attente : actualisez pour suivre son avancement." });
      return true;
    } catch (error) {
      toast({ title: 'Erreur', description: serverMessage(error) ?? FEED_MSG.notZip, variant: 'destructive' });
      return false;
    }
  };

  return { importFeed, uploading: loading };
}

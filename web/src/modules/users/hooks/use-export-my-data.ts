import { useApolloClient } from '@apollo/client/react';
import { useState } from 'react';
import { serverMessage } from '../../../apollo/graphql-errors';
import { toast } from '../../../components/toaster/use-toast';
import { ExportMyDataDocument } from '../../../gql/graphql';

/** The file name of the export, as the REST download names it. */
export const EXPORT_FILE_NAME = 'flaneur-export.json';

/** Saves a text as a file through a temporary link (the browser's download). */
function saveFile(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** « Télécharger mes données »: asks the server for the export (never cached) and downloads it as JSON. */
export function useExportMyData() {
  const client = useApolloClient();
  const [loading, setLoading] = useState(false);

  const exportMyData = async (): Promise<boolean> => {
    setLoading(true);
    try {
      const { data } = await client.query({ query: ExportMyDataDocument, fetchPolicy: 'no-cache' });
      if (!data?.exportMyData) throw new Error('empty export');
      saveFile(data.exportMyData, EXPORT_FILE_NAME);
      toast({ title: 'Export prêt', description: 'Le fichier de vos données a été téléchargé.' });
      return true;
    } catch (error) {
      toast({
        title: 'Erreur',
        description: serverMessage(error) ?? "Impossible d'exporter vos données. Veuillez réessayer.",
        variant: 'destructive',
      });
      return false;
    } finally {
      setLoading(false);
    }
  };

  return { exportMyData, loading };
}

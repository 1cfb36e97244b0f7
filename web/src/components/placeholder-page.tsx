import type { ReactNode } from 'react';
import { PageHeader } from './page-header';

interface PlaceholderPageProps {
  title: string;
  children?: ReactNode;
}

/** A screen whose content comes in a later issue: its header, a short note, and optional extras. */
export function PlaceholderPage({ title, children }: PlaceholderPageProps) {
  return (
    <>
      <PageHeader title={title} />
      <div className="page">
        <p className="page__note">Cet écran arrive bientôt.</p>
        {children}
      </div>
    </>
  );
}

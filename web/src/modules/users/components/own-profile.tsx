import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Tabs } from '../../../components/tabs';
import type { SessionUserFragment } from '../../../gql/graphql';
import { LogoutButton } from '../../auth/components/logout-button';
import { ModerationLink } from '../../moderation/components/moderation-link';
import { DocumentsPanel } from '../../tenant-files/components/documents-panel';
import { ProfileDetails } from './profile-details';
import { ProfileEditForm } from './profile-edit-form';
import { lastLoginText, ProfileHeader } from './profile-header';
import { ProfileSettings } from './profile-settings';

type ProfileTab = 'general' | 'documents' | 'settings';

const TABS = [
  { key: 'general', label: 'Général' },
  { key: 'documents', label: 'Documents' },
  { key: 'settings', label: 'Paramètres' },
] as const;

function isTab(value: string | null): value is ProfileTab {
  return TABS.some((t) => t.key === value);
}

/**
 * The signed-in user's own profile: header with picture upload, badges and last login,
 * « File de modération » for a moderator, logout, and the tabs Général (view/edit), Documents (tenant folder) and Paramètres.
 * `?tab=documents` opens a tab directly ("Gérer mes documents").
 */
export function OwnProfile({ user }: { user: SessionUserFragment }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: ProfileTab = isTab(requested) ? requested : 'general';
  const [editing, setEditing] = useState(false);

  const selectTab = (next: ProfileTab) =>
    setSearchParams(next === 'general' ? {} : { tab: next }, { replace: true, preventScrollReset: true });

  return (
    <>
      <ProfileHeader user={user} editable meta={lastLoginText(user.lastLoginAt)} />
      <Tabs label="Sections du profil" items={TABS} value={tab} onChange={selectTab}>
        {tab === 'general' &&
          (editing ? (
            <ProfileEditForm user={user} onDone={() => setEditing(false)} />
          ) : (
            <div className="profile-general">
              <ProfileDetails user={user} />
              <div className="button-row">
                <button type="button" className="button button--primary" onClick={() => setEditing(true)}>
                  Modifier le profil
                </button>
                <ModerationLink user={user} />
                <LogoutButton />
              </div>
            </div>
          ))}
        {tab === 'documents' && <DocumentsPanel />}
        {tab === 'settings' && <ProfileSettings />}
      </Tabs>
    </>
  );
}

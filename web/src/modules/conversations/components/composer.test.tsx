import { MockedProvider } from '@apollo/client/testing/react';
import { MODERATION_MSG } from '@flaneur/schema';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { TenantFilesDocument } from '../../../gql/graphql';
import { COMPOSER_SPACE, Composer } from './composer';

describe('Composer', () => {
  it('should publish its height for the toaster while it shows, and take it back when it goes', () => {
    const spy = jest
      .spyOn(HTMLFormElement.prototype, 'getBoundingClientRect')
      .mockReturnValue({ height: 71.4 } as DOMRect);
    const space = () => document.documentElement.style.getPropertyValue(COMPOSER_SPACE);
    const { unmount } = render(
      <MockedProvider mocks={[]}>
        <MemoryRouter>
          <Composer onSend={async () => true} sending={false} />
        </MemoryRouter>
      </MockedProvider>,
    );
    expect(space()).toBe('72px');
    unmount();
    expect(space()).toBe('');
    spy.mockRestore();
  });

  it('should count the characters left near the 5,000-character limit and say the limit once reached', () => {
    render(
      <MockedProvider mocks={[]}>
        <MemoryRouter>
          <Composer onSend={async () => true} sending={false} />
        </MemoryRouter>
      </MockedProvider>,
    );
    const box = screen.getByLabelText('Votre message');
    expect(box).toHaveAttribute('maxLength', '5000');
    fireEvent.change(box, { target: { value: 'a'.repeat(4000) } });
    expect(screen.queryByText(/caractère/)).not.toBeInTheDocument();
    fireEvent.change(box, { target: { value: 'a'.repeat(4999) } });
    expect(screen.getByText('1 caractère restant')).toBeInTheDocument();
    expect(box).toHaveAccessibleDescription('1 caractère restant');
    fireEvent.change(box, { target: { value: 'a'.repeat(5000) } });
    expect(screen.getByText('Le message ne peut pas dépasser 5 000 caractères')).toBeInTheDocument();
  });
});

describe('the documents dialog of a conversation', () => {
  const files = {
    request: { query: TenantFilesDocument },
    result: { data: { tenantFiles: [] } },
  };
  const openDialog = (documentsWarning: string | null) => {
    render(
      <MockedProvider mocks={[files]}>
        <MemoryRouter>
          <Composer onSend={async () => true} sending={false} documentsWarning={documentsWarning} />
        </MemoryRouter>
      </MockedProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Joindre des documents' }));
    return screen.getByRole('dialog');
  };

  it("should warn before a dossier goes to a new or flagged account, in the gateway's words", () => {
    const dialog = openDialog(MODERATION_MSG.documentsCaution);
    expect(within(dialog).getByRole('note')).toHaveTextContent(MODERATION_MSG.documentsCaution);
  });

  it('should say nothing to a clean account', () => {
    const dialog = openDialog(null);
    expect(within(dialog).queryByRole('note')).not.toBeInTheDocument();
  });
});

import { render, screen, within } from '@testing-library/react';
import { buildAttachedFile, buildMessage } from '../conversations.fixtures';
import { MessageBubble } from './message-bubble';

function renderBubble(message: ReturnType<typeof buildMessage>, mine: boolean, onRevoke = jest.fn()) {
  render(
    <ol>
      <MessageBubble message={message} mine={mine} onRevoke={onRevoke} />
    </ol>,
  );
  return onRevoke;
}
const twoFiles = {
  messageType: 'tenant_application' as const,
  attachedFileIds: ['3', '4'],
  attachedFiles: [buildAttachedFile('3', 'Bulletin de mars'), buildAttachedFile('4', 'Passeport')],
};
const fileItem = (title: string) => screen.getByRole('link', { name: new RegExp(title) }).closest('li')!;

describe('MessageBubble', () => {
  it('should say "Accès révoqué" for the documents the server lists as revoked, and offer revoking only the others', () => {
    const onRevoke = renderBubble(buildMessage({ senderId: '1', ...twoFiles, revokedFileIds: ['3'] }), true);

    expect(within(fileItem('Bulletin de mars')).getByText('Accès révoqué')).toBeInTheDocument();
    expect(within(fileItem('Bulletin de mars')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(fileItem('Passeport')).queryByText('Accès révoqué')).not.toBeInTheDocument();
    within(fileItem('Passeport')).getByRole('button', { name: "Révoquer l'accès à Passeport" }).click();
    expect(onRevoke).toHaveBeenCalledWith('4');
  });

  it("should show neither the label nor the action on someone else's message", () => {
    renderBubble(buildMessage({ ...twoFiles, revokedFileIds: [] }), false);

    expect(screen.getAllByRole('link')).toHaveLength(2);
    expect(screen.queryByText('Accès révoqué')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { ClientOnly, HydrationMark, useHydrated } from './client-only';

/** Reads what only the browser knows: differs between the server and the browser unless guarded. */
function DeviceWidth() {
  return <span>largeur {window.innerWidth}</span>;
}

function Screen() {
  const hydrated = useHydrated();
  return (
    <div>
      <p>{hydrated ? 'dans le navigateur' : 'peint par le serveur'}</p>
      <ClientOnly fallback={<span>carte à venir</span>}>
        <DeviceWidth />
      </ClientOnly>
    </div>
  );
}

describe('ClientOnly / useHydrated', () => {
  it('should paint the fallback on the server and hydrate it without a mismatch, then show the client part', async () => {
    const server = renderToString(<Screen />);
    expect(server).toContain('peint par le serveur');
    expect(server).toContain('carte à venir');
    expect(server).not.toContain('largeur');

    const container = document.createElement('div');
    container.innerHTML = server;
    document.body.appendChild(container);
    const recoverable = jest.fn();
    await act(async () => {
      hydrateRoot(container, <Screen />, { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(container.textContent).toContain('dans le navigateur');
    expect(container.textContent).toContain(`largeur ${window.innerWidth}`);
  });
});

describe('HydrationMark', () => {
  it('should mark the document only once the app has hydrated, not in the server markup', async () => {
    delete document.documentElement.dataset.hydrated;
    const server = renderToString(<HydrationMark />);
    expect(server).toBe('');
    const container = document.createElement('div');
    container.innerHTML = server;
    expect(document.documentElement.dataset.hydrated).toBeUndefined();
    await act(async () => {
      hydrateRoot(container, <HydrationMark />);
    });
    expect(document.documentElement.dataset.hydrated).toBe('true');
  });
});

import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from './toaster';
import { toast } from './use-toast';

describe('toaster', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  function titles(): string[] {
    const region = screen.getByRole('region', { name: 'Notifications' });
    return Array.from(region.querySelectorAll('li')).map((li) => li.querySelector('.toast__title')!.textContent!);
  }

  it('should keep at most 3 toasts, newest on top, when more arrive', () => {
    render(<Toaster />);

    act(() => {
      ['Un', 'Deux', 'Trois', 'Quatre'].forEach((title) => toast({ title }));
    });

    expect(titles()).toEqual(['Quatre', 'Trois', 'Deux']);
  });

  it('should close after 5000 ms and leave the DOM 1000 ms later', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Bonjour' });
    });

    act(() => jest.advanceTimersByTime(4999));
    expect(screen.getByRole('status')).toHaveAttribute('data-state', 'open');
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByText('Bonjour').closest('li')).toHaveAttribute('data-state', 'closed');
    act(() => jest.advanceTimersByTime(999));
    expect(screen.queryByText('Bonjour')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText('Bonjour')).not.toBeInTheDocument();
  });

  it('should announce a destructive toast as an alert and close it from its button', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(<Toaster />);
    act(() => {
      toast({ title: 'Erreur', description: 'Oups', variant: 'destructive' });
    });

    const alert = screen.getByRole('alert');
    expect(alert).toHaveClass('toast--destructive');
    await user.click(within(alert).getByRole('button', { name: 'Fermer la notification' }));
    expect(screen.getByText('Erreur').closest('li')).toHaveAttribute('data-state', 'closed');
  });

  it('should replace the toast of the same action: a success never sits beside its stale failure', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Échec de la connexion', variant: 'destructive', key: 'login' });
      toast({ title: 'Autre' });
      toast({ title: 'Connexion réussie', key: 'login' });
    });

    expect(titles()).toEqual(['Connexion réussie', 'Autre']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('should run a toast action and close the toast', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const onClick = jest.fn();
    render(<Toaster />);
    act(() => {
      toast({ title: 'Suivi de position arrêté', action: { label: 'Annuler', onClick } });
    });

    await user.click(screen.getByRole('button', { name: 'Annuler' }));

    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Suivi de position arrêté').closest('li')).toHaveAttribute('data-state', 'closed');
  });

  it('should focus the region when F8 is pressed', () => {
    render(<Toaster />);

    fireEvent.keyDown(document, { key: 'F8' });

    expect(screen.getByRole('region', { name: 'Notifications' })).toHaveFocus();
  });

  it('should dismiss a toast swiped 50 px to the right, not one swiped less', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Court' });
      toast({ title: 'Long' });
    });
    // jsdom has no PointerEvent; React reads clientX from any event of the pointer type.
    const pointer = (el: Element, type: string, clientX: number) =>
      fireEvent(el, new MouseEvent(type, { bubbles: true, clientX }));
    const swipe = (title: string, distance: number) => {
      const li = screen.getByText(title).closest('li')!;
      pointer(li, 'pointerdown', 100);
      pointer(li, 'pointermove', 100 + distance);
      pointer(li, 'pointerup', 100 + distance);
      return li;
    };

    expect(swipe('Court', 49)).toHaveAttribute('data-state', 'open');
    expect(swipe('Long', 50)).toHaveAttribute('data-state', 'closed');
  });
});

import { act, render, screen } from '@testing-library/react';
import { LazyLocationMap, MAP_PRELOAD_MARGIN } from './lazy-maps';

// Counts the loads of the detail map's chunk (the dynamic import of ./location-map), which pulls in the map library.
const mockLocationMapLoaded = jest.fn();
jest.mock('./location-map', () => {
  mockLocationMapLoaded();
  return jest.requireActual('./location-map');
});

/** A stand-in for the browser's IntersectionObserver: the test says when the observed box comes near the viewport. */
class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly observed: Element[] = [];
  disconnected = false;

  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeIntersectionObserver.instances.push(this);
  }

  observe(element: Element) {
    this.observed.push(element);
  }

  unobserve() {}

  disconnect() {
    this.disconnected = true;
  }

  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }

  /** The observed box enters (or stays out of) the viewport widened by the root margin. */
  report(isIntersecting: boolean) {
    const entries = this.observed.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

const globals = globalThis as { IntersectionObserver?: unknown };

afterEach(() => {
  delete globals.IntersectionObserver;
  FakeIntersectionObserver.instances = [];
});

describe("the detail screen's small map", () => {
  it('loads the map only once its box comes near the viewport, in a box of the same size', async () => {
    globals.IntersectionObserver = FakeIntersectionObserver;
    render(<LazyLocationMap latitude={48.8589} longitude={2.3561} />);

    // Below the fold: the map's box is held, the map chunk is not even requested.
    const box = screen.getByRole('status');
    expect(box).toHaveClass('base-map', 'base-map--small');
    expect(box).toHaveTextContent('Chargement de la carte…');
    const [observer] = FakeIntersectionObserver.instances;
    expect(observer.options.rootMargin).toBe(MAP_PRELOAD_MARGIN);
    expect(observer.observed).toEqual([box]);
    act(() => observer.report(false));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(mockLocationMapLoaded).not.toHaveBeenCalled();
    expect(screen.queryByTestId('map')).not.toBeInTheDocument();

    // Scrolled near: the map loads in the same box and the observer is released.
    act(() => observer.report(true));
    const region = await screen.findByRole('region', { name: 'Carte de la localisation du bien' });
    expect(region).toHaveClass('base-map', 'base-map--small');
    expect(mockLocationMapLoaded).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('map-marker')).toHaveAttribute('data-position', '48.8589,2.3561');
    expect(observer.disconnected).toBe(true);
  });

  it('loads the map at once where IntersectionObserver is missing', async () => {
    render(<LazyLocationMap latitude={48.8589} longitude={2.3561} />);

    expect(await screen.findByRole('region', { name: 'Carte de la localisation du bien' })).toBeInTheDocument();
    expect(FakeIntersectionObserver.instances).toHaveLength(0);
  });
});

import { MockedProvider } from '@apollo/client/testing/react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
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
});

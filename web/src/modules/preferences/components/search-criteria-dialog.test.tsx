import { MockedProvider } from '@apollo/client/testing/react';
import { DEFAULT_SEARCH_FILTERS, MSG, type TSearchFilters } from '@flaneur/schema';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { SavePreferencesDocument } from '../../../gql/graphql';
import { buildUser, meMock } from '../../../test/factories';
import { SearchCriteriaDialog } from './search-criteria-dialog';

// The web's types carry no Node: the one fs call made here, typed by hand.
const { readFileSync } = jest.requireActual<{ readFileSync: (path: string, encoding: 'utf8') => string }>('fs');
declare const __dirname: string;

function renderDialog(filters: Partial<TSearchFilters> = {}) {
  render(
    <MemoryRouter>
      <MockedProvider mocks={[meMock(buildUser())]} mockLinkDefaultOptions={{ delay: 0 }}>
        <SearchCriteriaDialog open filters={{ ...DEFAULT_SEARCH_FILTERS, ...filters }} onClose={() => undefined} />
      </MockedProvider>
    </MemoryRouter>,
  );
  return screen.getByRole('dialog', { name: 'Critères de recherche' });
}

describe('search criteria dialog, typed bounds', () => {
  it('should offer a labelled number input beside each budget and surface slider, with the slider bounds', () => {
    const dialog = renderDialog();

    const bounds = (label: string) => {
      const input = within(dialog).getByRole('spinbutton', { name: label });
      return [input.getAttribute('min'), input.getAttribute('max'), input.getAttribute('step')];
    };
    expect(bounds('Budget minimum (€)')).toEqual(['50000', '1500000', '10000']);
    expect(bounds('Budget maximum (€)')).toEqual(['50000', '1500000', '10000']);
    expect(bounds('Surface minimum (m²)')).toEqual(['10', '300', '5']);
    expect(bounds('Surface maximum (m²)')).toEqual(['20', '500', '10']);
    // Unset bounds ("no limit") leave the inputs empty.
    expect(within(dialog).getByRole('spinbutton', { name: 'Surface minimum (m²)' })).toHaveValue(null);
    expect(within(dialog).getByRole('spinbutton', { name: 'Budget maximum (€)' })).toHaveValue(null);
  });

  it('should move the slider when a bound is typed, and the input when the slider moves', async () => {
    const user = userEvent.setup();
    const dialog = renderDialog();
    const budgetMax = within(dialog).getByRole('spinbutton', { name: 'Budget maximum (€)' });

    await user.type(budgetMax, '800000');
    expect(within(dialog).getByLabelText('Maximum')).toHaveValue('800000');

    fireEvent.change(within(dialog).getByLabelText('Minimum'), { target: { value: '200000' } });
    expect(within(dialog).getByRole('spinbutton', { name: 'Budget minimum (€)' })).toHaveValue(200000);

    const sizeMin = within(dialog).getByRole('spinbutton', { name: 'Surface minimum (m²)' });
    await user.type(sizeMin, '35');
    expect(within(dialog).getByLabelText('Surface minimum')).toHaveValue('35');
    expect(within(dialog).getByLabelText('Surface minimum')).toHaveAttribute('aria-valuetext', '35 m²');

    fireEvent.change(within(dialog).getByLabelText('Surface maximum'), { target: { value: '120' } });
    expect(within(dialog).getByRole('spinbutton', { name: 'Surface maximum (m²)' })).toHaveValue(120);
  });

  it('should keep the slider « no limit » semantics: empty, or at the range end, means no limit', async () => {
    const user = userEvent.setup();
    const dialog = renderDialog({ sizeMin: 40, priceMax: 900000 });
    const sizeMin = within(dialog).getByRole('spinbutton', { name: 'Surface minimum (m²)' });
    expect(sizeMin).toHaveValue(40);

    await user.clear(sizeMin);
    await user.tab();
    expect(within(dialog).getByLabelText('Surface minimum')).toHaveAttribute('aria-valuetext', 'Sans minimum');
    expect(within(dialog).getByLabelText('Surface minimum')).toHaveValue('20');
    expect(sizeMin).toHaveValue(null);

    const budgetMax = within(dialog).getByRole('spinbutton', { name: 'Budget maximum (€)' });
    await user.clear(budgetMax);
    await user.type(budgetMax, '1500000');
    await user.tab();
    expect(within(dialog).getByLabelText('Maximum')).toHaveAttribute('aria-valuetext', 'Sans maximum');
    expect(budgetMax).toHaveValue(null);
  });

  it('should clamp to the bounds and snap to the step when the input is left', async () => {
    const user = userEvent.setup();
    const dialog = renderDialog({ propertyStatus: 'rent' });
    const rentMin = within(dialog).getByRole('spinbutton', { name: 'Loyer minimum (€/mois)' });
    expect([rentMin.getAttribute('min'), rentMin.getAttribute('max'), rentMin.getAttribute('step')]).toEqual([
      '300',
      '5000',
      '100',
    ]);

    await user.type(rentMin, '1234');
    await user.tab();
    expect(rentMin).toHaveValue(1200);
    expect(within(dialog).getByLabelText('Minimum')).toHaveValue('1200');

    const sizeMax = within(dialog).getByRole('spinbutton', { name: 'Surface maximum (m²)' });
    await user.type(sizeMax, '9999');
    await user.tab();
    // Past the range end: no maximum, as the slider at its end.
    expect(sizeMax).toHaveValue(null);
    expect(within(dialog).getByLabelText('Surface maximum')).toHaveAttribute('aria-valuetext', 'Sans maximum');
  });

  it('should let the footer buttons take two rows on a narrow phone rather than cut their words', () => {
    const css = readFileSync(`${__dirname}/../preferences.css`, 'utf8');
    const rule = (selector: string) => {
      const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      return new RegExp(`(^|\\n)${escaped}\\s*\\{([^}]*)\\}`).exec(css)?.[2] ?? '';
    };
    expect(rule('.criteria-form__actions')).toMatch(/display:\s*flex/);
    expect(rule('.criteria-form__actions')).toMatch(/flex-wrap:\s*wrap/);
    expect(rule('.criteria-form__actions .button')).toMatch(/flex:\s*0 1 auto/);
    expect(rule('.criteria-form__actions .button')).toMatch(/white-space:\s*nowrap/);
  });
});

describe('search criteria dialog, saving', () => {
  it('should show the French error and keep the criteria when they are invalid, rather than save the defaults', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    // What the bug sent: the defaults in place of the user's criteria.
    const savedDefaults = jest.fn(() => ({
      data: {
        savePreferences: {
          __typename: 'Preferences' as const,
          searchFilters: { __typename: 'SearchFilters' as const, ...DEFAULT_SEARCH_FILTERS },
        },
      },
    }));
    render(
      <MemoryRouter>
        <MockedProvider
          mocks={[
            meMock(buildUser()),
            {
              request: { query: SavePreferencesDocument, variables: { searchFilters: DEFAULT_SEARCH_FILTERS } },
              result: savedDefaults,
            },
          ]}
          mockLinkDefaultOptions={{ delay: 0 }}
        >
          {/* A radius over the maximum: criteria saved under an older limit. */}
          <SearchCriteriaDialog open filters={{ ...DEFAULT_SEARCH_FILTERS, radius: 12 }} onClose={onClose} />
        </MockedProvider>
      </MemoryRouter>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Critères de recherche' });
    const sizeMin = within(dialog).getByRole('spinbutton', { name: 'Surface minimum (m²)' });
    await user.type(sizeMin, '35');
    await user.tab();

    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MSG.invalidInput);
    expect(sizeMin).toHaveValue(35);
    expect(onClose).not.toHaveBeenCalled();
    expect(savedDefaults).not.toHaveBeenCalled();
  });
});

import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Autocomplete, containsText, type AutocompleteProps } from './Autocomplete';

const COUNTRIES = [
  { value: 'es', label: 'España' },
  { value: 'fr', label: 'France' },
  { value: 'de', label: 'Germany' },
];

function Harness(props: Partial<AutocompleteProps>) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <>
      <Autocomplete
        label="Country"
        options={props.options ?? COUNTRIES}
        value={value}
        onChange={(next) => {
          setValue(next);
          props.onChange?.(next);
        }}
        {...(props.onInputChange ? { onInputChange: props.onInputChange } : {})}
        isLoading={props.isLoading ?? false}
      />
      <output data-testid="value">{value ?? ''}</output>
    </>
  );
}

describe('Autocomplete', () => {
  it('filters while typing (ignoring case and accents) and picks with the keyboard', async () => {
    render(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Country' });
    await userEvent.type(input, 'espa');
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['España']);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByTestId('value')).toHaveTextContent('es');
    expect(input).toHaveValue('España');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('moves through the options with the arrows', async () => {
    render(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Country' });
    await userEvent.click(input);
    await userEvent.keyboard('{ArrowDown}');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(screen.getByTestId('value')).not.toHaveTextContent(''));
    expect(['fr', 'de']).toContain(screen.getByTestId('value').textContent);
  });

  it("says 'No options' when nothing matches", async () => {
    render(<Harness />);
    await userEvent.type(screen.getByRole('combobox', { name: 'Country' }), 'zzz');
    expect(await screen.findByText('No options')).toBeInTheDocument();
  });

  it("says 'Loading…' while loading remote options", async () => {
    const onInputChange = vi.fn();
    render(<Harness onInputChange={onInputChange} isLoading />);
    await userEvent.type(screen.getByRole('combobox', { name: 'Country' }), 'fr');
    expect(onInputChange).toHaveBeenLastCalledWith('fr');
    expect(await screen.findByText('Loading…')).toBeInTheDocument();
  });

  it('closes its list when Tab leaves the field (nothing hidden from screen readers can take focus)', async () => {
    render(
      <>
        <Harness />
        <button type="button">After</button>
      </>,
    );
    await userEvent.type(screen.getByRole('combobox', { name: 'Country' }), 'f');
    await screen.findByRole('listbox');
    await userEvent.tab();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'After' })).not.toHaveAttribute('aria-hidden');
  });

  it('closes on Escape', async () => {
    render(<Harness />);
    await userEvent.type(screen.getByRole('combobox', { name: 'Country' }), 'f');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });
});

describe('containsText', () => {
  it('ignores case and accents', () => {
    expect(containsText('España', 'espa')).toBe(true);
    expect(containsText('Zürich', 'zur')).toBe(true);
    expect(containsText('France', 'xyz')).toBe(false);
    expect(containsText('France', '')).toBe(true);
  });
});

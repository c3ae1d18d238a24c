import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { KitLocale } from '../i18n/kit-locale';
import { QuantitySelector } from './QuantitySelector';

function input() {
  return screen.getByRole('spinbutton', { name: 'Quantity' });
}

describe('QuantitySelector', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const user = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

  it('steps with the buttons and the arrow keys, within min and max', async () => {
    const onChange = vi.fn();
    render(<QuantitySelector defaultValue={1} min={0} max={2} onChange={onChange} />);
    const u = user();
    await u.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(input()).toHaveValue('2');
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
    await u.click(input());
    await u.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(input()).toHaveValue('0');
    expect(input()).toHaveAttribute('aria-valuenow', '0');
    expect(onChange.mock.calls.map(([v]) => v)).toEqual([2, 1, 0]);
  });

  it('caps a typed value at max only after the debounce (default 500 ms)', async () => {
    const onChange = vi.fn();
    render(<QuantitySelector defaultValue={1} max={10} onChange={onChange} />);
    const u = user();
    await u.tripleClick(input());
    await u.keyboard('25');
    expect(input()).toHaveValue('25');
    act(() => {
      vi.advanceTimersByTime(400);
    });
    expect(onChange).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(150);
    });
    expect(input()).toHaveValue('10');
    expect(onChange).toHaveBeenLastCalledWith(10);
  });

  it('raises a typed value to min after the debounce', async () => {
    const onChange = vi.fn();
    render(<QuantitySelector defaultValue={5} min={3} onChange={onChange} debounceMs={200} />);
    const u = user();
    await u.tripleClick(input());
    await u.keyboard('1');
    act(() => {
      vi.advanceTimersByTime(250);
    });
    expect(input()).toHaveValue('3');
    expect(onChange).toHaveBeenLastCalledWith(3);
  });

  it('turns a comma into the decimal point and keeps the step precision', async () => {
    const onChange = vi.fn();
    render(<QuantitySelector defaultValue={1} step={0.5} onChange={onChange} />);
    const u = user();
    await u.tripleClick(input());
    await u.keyboard('2,75');
    expect(input()).toHaveValue('2.7');
    await u.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(2.7);
    expect(input()).toHaveValue('2.7');
  });

  it('shows decimals with the separator of the kit’s locale, and reads either separator back (issue 27 §2)', async () => {
    const onChange = vi.fn();
    render(
      <KitLocale locale="es-ES">
        <QuantitySelector defaultValue={1.5} step={0.05} onChange={onChange} />
      </KitLocale>,
    );
    expect(input()).toHaveValue('1,50');
    const u = user();
    await u.tripleClick(input());
    await u.keyboard('2,35{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(2.35);
    expect(input()).toHaveValue('2,35');
    await u.keyboard('{ArrowUp}');
    expect(input()).toHaveValue('2,40');
  });

  it('accepts no decimals with the default step 1', () => {
    render(<QuantitySelector defaultValue={1} />);
    fireEvent.change(input(), { target: { value: '4,5' } });
    expect(input()).toHaveValue('4');
  });

  it('commits at once when the field is left', async () => {
    const onChange = vi.fn();
    render(<QuantitySelector defaultValue={1} onChange={onChange} />);
    const u = user();
    await u.tripleClick(input());
    await u.keyboard('7');
    await u.tab();
    expect(onChange).toHaveBeenLastCalledWith(7);
  });

  it('numeric variant: starts at 1 with min 1', () => {
    render(<QuantitySelector variant="numeric" />);
    expect(input()).toHaveValue('1');
    expect(input()).toHaveAttribute('aria-valuemin', '1');
    expect(screen.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
  });

  it('numeric variant: reports max-value and min-value errors, and clears them', async () => {
    const onError = vi.fn();
    render(<QuantitySelector variant="numeric" max={5} onError={onError} />);
    const u = user();
    await u.tripleClick(input());
    await u.keyboard('9');
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(onError).toHaveBeenLastCalledWith('max-value');
    expect(screen.getByRole('status')).toHaveTextContent('The maximum quantity is 5.');
    expect(input()).toHaveAttribute('aria-invalid', 'true');
    expect(input()).toHaveAccessibleDescription('The maximum quantity is 5.');
    await u.tripleClick(input());
    await u.keyboard('0{Enter}');
    expect(onError).toHaveBeenLastCalledWith('min-value');
    expect(screen.getByRole('status')).toHaveTextContent('The minimum quantity is 1.');
    await u.tripleClick(input());
    await u.keyboard('3{Enter}');
    expect(onError).toHaveBeenLastCalledWith(null);
    expect(input()).not.toHaveAttribute('aria-invalid');
  });

  it('the default variant caps silently', async () => {
    render(<QuantitySelector max={5} />);
    const u = user();
    await u.tripleClick(input());
    await u.keyboard('9{Enter}');
    expect(input()).toHaveValue('5');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('follows a controlled value', () => {
    const { rerender } = render(<QuantitySelector value={2} onChange={() => undefined} />);
    expect(input()).toHaveValue('2');
    rerender(<QuantitySelector value={4} onChange={() => undefined} />);
    expect(input()).toHaveValue('4');
  });
});

import type { Lang } from '@lumen/contracts';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { DatePicker, type DatePickerProps } from './DatePicker';
import { dateMask, toLang } from './date-locale';

function Harness(props: Partial<DatePickerProps>) {
  const [value, setValue] = useState<string | null>(props.value ?? null);
  return (
    <>
      <p>Outside</p>
      <DatePicker
        label="Delivery date"
        {...props}
        value={value}
        onChange={(next) => {
          setValue(next);
          props.onChange?.(next);
        }}
      />
    </>
  );
}

function literals(): string {
  const group = screen.getByRole('group', { name: 'Delivery date' });
  return Array.from(group.querySelectorAll('[data-type="literal"]'))
    .map((node) => node.textContent?.trim())
    .join('');
}

describe('DatePicker', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each<[Lang, string]>([
    ['de', '..'],
    ['fr', '//'],
    ['it', '//'],
    ['en', '//'],
    ['es', '//'],
    ['us', '//'],
  ])('in %s masks the input with %s', (lang, separators) => {
    render(<Harness lang={lang} value="2026-03-09" />);
    expect(literals()).toBe(separators);
  });

  it('orders day and month by locale: en-GB day first, us (en-US) month first', () => {
    const { unmount } = render(<Harness lang="en" value="2026-03-09" />);
    const gb = screen.getAllByRole('spinbutton').map((s) => s.getAttribute('data-type') ?? s.textContent);
    unmount();
    render(<Harness lang="us" value="2026-03-09" />);
    const us = screen.getAllByRole('spinbutton').map((s) => s.getAttribute('data-type') ?? s.textContent);
    expect(gb).not.toEqual(us);
    expect(screen.getByRole('group', { name: 'Delivery date' })).toHaveTextContent(/3\s*\/\s*9\s*\/\s*2026|03\s*\/\s*09\s*\/\s*2026/);
  });

  it('is day-level only: day, month and year segments, no time', () => {
    render(<Harness lang="en" />);
    const types = screen.getAllByRole('spinbutton').map((s) => s.getAttribute('data-type'));
    expect(types.sort()).toEqual(['day', 'month', 'year']);
  });

  it('opens about 100 ms after the button is pressed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<Harness lang="en" />);
    await user.click(screen.getByRole('button', { name: /Open calendar/ }));
    act(() => {
      vi.advanceTimersByTime(60);
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(60);
    });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('closes after a day is picked and reports it as ISO', async () => {
    const onChange = vi.fn();
    render(<Harness lang="en" value="2026-03-09" onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: /Open calendar/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: /12 March 2026/ }));
    expect(onChange).toHaveBeenCalledWith('2026-03-12');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('closes on an outside click without picking', async () => {
    const onChange = vi.fn();
    render(<Harness lang="en" value="2026-03-09" onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: /Open calendar/ }));
    await screen.findByRole('dialog');
    await userEvent.click(screen.getByText('Outside'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onChange).not.toHaveBeenCalled();
  });

  it('cannot pick a disabled date', async () => {
    const onChange = vi.fn();
    render(<Harness lang="en" value="2026-03-09" disabledDates={['2026-03-10']} isDateDisabled={(iso) => iso === '2026-03-11'} onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: /Open calendar/ }));
    const dialog = await screen.findByRole('dialog');
    for (const day of [10, 11]) {
      const cell = within(dialog).getByText(String(day));
      expect(cell).toHaveAttribute('aria-disabled', 'true');
      await userEvent.click(cell);
    }
    expect(onChange).not.toHaveBeenCalled();
  });

  it('is picked from the keyboard: Alt+ArrowDown opens, arrows move, Enter picks', async () => {
    const onChange = vi.fn();
    render(<Harness lang="en" value="2026-03-09" onChange={onChange} />);
    await userEvent.tab();
    await userEvent.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await screen.findByRole('dialog');
    await waitFor(() => expect(within(screen.getByRole('grid')).getByText('9')).toHaveFocus());
    await userEvent.keyboard('{ArrowRight}{Enter}');
    expect(onChange).toHaveBeenCalledWith('2026-03-10');
  });

  it('is typed in the segments', async () => {
    const onChange = vi.fn();
    render(<Harness lang="de" onChange={onChange} />);
    await userEvent.click(screen.getAllByRole('spinbutton')[0] as HTMLElement);
    await userEvent.keyboard('24122026');
    expect(onChange).toHaveBeenLastCalledWith('2026-12-24');
  });
});

describe('date locale helpers', () => {
  it('gives the mask of each language', () => {
    expect(dateMask('de')).toBe('dd.mm.yyyy');
    expect(dateMask('fr')).toBe('dd/mm/yyyy');
    expect(dateMask('us')).toBe('mm/dd/yyyy');
  });

  it('reads i18next language codes', () => {
    expect(toLang('en-US')).toBe('us');
    expect(toLang('de')).toBe('de');
    expect(toLang('es-ES')).toBe('es');
    expect(toLang('pt')).toBe('en');
    expect(toLang(undefined)).toBe('en');
  });
});

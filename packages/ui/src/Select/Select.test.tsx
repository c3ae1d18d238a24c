import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler, useState } from 'react';
import { Select } from './Select';

const OPTIONS = [
  { value: 'en', label: 'English' },
  { value: 'fr', label: 'Français' },
  { value: 'de', label: 'Deutsch', isDisabled: true },
] as const;

function Harness({ onChange }: { onChange?: (value: string) => void }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <Select
      label="Language"
      options={OPTIONS}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
}

describe('Select', () => {
  it('shows the placeholder, then the chosen option', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const trigger = screen.getByRole('button', { name: /Language/ });
    expect(trigger).toHaveTextContent('Select an option');
    await userEvent.click(trigger);
    await userEvent.click(await screen.findByRole('option', { name: 'Français' }));
    expect(onChange).toHaveBeenCalledWith('fr');
    expect(trigger).toHaveTextContent('Français');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('opens its list on mount with defaultOpen', async () => {
    render(<Select label="Language" options={OPTIONS} value="en" onChange={() => undefined} defaultOpen />);
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Français' })).toBeInTheDocument();
  });

  it('is chosen with the keyboard', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await userEvent.tab();
    await userEvent.keyboard('{ArrowDown}');
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenCalledWith('fr');
  });

  it('does not offer disabled options', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: /Language/ }));
    const option = await screen.findByRole('option', { name: 'Deutsch' });
    expect(option).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(option);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('reads an option’s description with it', async () => {
    render(<Select label="Finish" options={[{ value: 'w', label: 'White' }, { value: 'b', label: 'Black', description: 'Changes the control' }]} value="w" onChange={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: /Finish/ }));
    const option = await screen.findByRole('option', { name: 'Black' });
    expect(option).toHaveAccessibleDescription('Changes the control');
  });

  it('shows the chosen option from its first commit, its list read from the options during the render', () => {
    const shown: string[] = [];
    render(
      <Profiler id="select" onRender={(_id, phase) => shown.push(`${phase}: ${document.querySelector('.lm-select__value')?.textContent}`)}>
        <Select label="Language" options={OPTIONS} value="fr" onChange={() => undefined} />
      </Profiler>,
    );
    // react-aria-components' Select built its list in a hidden copy after the first commit, which
    // showed the placeholder ("mount: Select an option"), then rendered again.
    expect(shown[0]).toBe('mount: Français');
  });

  it('says a required, invalid choice on its trigger, with its description and error', async () => {
    render(<Select label="Finish" options={OPTIONS} value={null} onChange={() => undefined} isRequired isInvalid description="As on the drawing" errorMessage="Choose a finish" />);
    const trigger = screen.getByRole('button', { name: /Finish/ });
    expect(trigger).toHaveAccessibleDescription('As on the drawing Choose a finish');
    expect(trigger.closest('.lm-select')).toHaveAttribute('data-invalid');
    expect(trigger.closest('.lm-select')).toHaveAttribute('data-required');
  });
});

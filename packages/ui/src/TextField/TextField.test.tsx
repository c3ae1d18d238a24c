import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { TextField, type TextFieldProps } from './TextField';

function Controlled(props: Omit<TextFieldProps, 'value' | 'onChange'>) {
  const [value, setValue] = useState('');
  return <TextField {...props} value={value} onChange={setValue} />;
}

describe('TextField', () => {
  it('is labelled and reports changes', async () => {
    const onChange = vi.fn();
    render(<TextField label="Name" onChange={onChange} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Ana');
    expect(onChange).toHaveBeenLastCalledWith('Ana');
  });

  it('when required, is invalid on blur if the trimmed value is empty, and not before', async () => {
    render(<Controlled label="Name" isRequired />);
    const input = screen.getByRole('textbox', { name: /Name/ });
    expect(input).toHaveAttribute('aria-required', 'true');
    await userEvent.type(input, '   ');
    expect(input).not.toHaveAttribute('aria-invalid');
    await userEvent.tab();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('This field is required.');
    await userEvent.type(input, 'Ana');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('runs the supplied validator on blur when the value is not blank', async () => {
    const validate = vi.fn((value: string) => (value.length < 3 ? 'Too short' : null));
    render(<Controlled label="Code" isRequired validate={validate} />);
    const input = screen.getByRole('textbox', { name: /Code/ });
    await userEvent.type(input, 'ab');
    await userEvent.tab();
    expect(input).toHaveAccessibleDescription('Too short');
    await userEvent.type(input, 'c');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('translates a validator answer that is a message key', async () => {
    render(<Controlled label="Mail" validate={() => 'formError.email'} />);
    const input = screen.getByRole('textbox', { name: 'Mail' });
    await userEvent.type(input, 'x');
    await userEvent.tab();
    expect(input).toHaveAccessibleDescription('Please enter a valid email address.');
  });

  it('validates e-mail addresses when type is email', async () => {
    render(<Controlled label="Email" type="email" />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    await userEvent.type(input, 'ana@');
    await userEvent.tab();
    expect(input).toHaveAccessibleDescription('Please enter a valid email address.');
    await userEvent.type(input, 'lumen.example');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('uses validity given from outside instead of its own checks', async () => {
    const validate = vi.fn(() => 'never shown');
    const { rerender } = render(<TextField label="Name" isRequired validate={validate} isInvalid={false} value="" />);
    const input = screen.getByRole('textbox', { name: /Name/ });
    await userEvent.click(input);
    await userEvent.tab();
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(validate).not.toHaveBeenCalled();
    rerender(<TextField label="Name" isRequired validate={validate} isInvalid errorMessage="Taken" value="" />);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Taken');
  });

  it('is not required by default: blank is fine', async () => {
    render(<Controlled label="Nickname" />);
    const input = screen.getByRole('textbox', { name: 'Nickname' });
    await userEvent.click(input);
    await userEvent.tab();
    expect(input).not.toHaveAttribute('aria-invalid');
  });
});

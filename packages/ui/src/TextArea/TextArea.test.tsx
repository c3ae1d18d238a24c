import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TextArea } from './TextArea';

describe('TextArea', () => {
  it('limits to 4000 characters by default and counts them', async () => {
    render(<TextArea label="Comment" />);
    const box = screen.getByRole('textbox', { name: 'Comment' });
    expect(box).toHaveAttribute('maxlength', '4000');
    expect(screen.getByText('0 / 4000 characters')).toBeInTheDocument();
    await userEvent.type(box, 'Hello');
    expect(screen.getByText('5 / 4000 characters')).toBeInTheDocument();
    expect(box).toHaveAccessibleDescription('5 / 4000 characters');
  });

  it('cuts pasted text at the maximum', () => {
    const onChange = vi.fn();
    render(<TextArea label="Comment" maxLength={10} onChange={onChange} />);
    const box = screen.getByRole('textbox', { name: 'Comment' });
    fireEvent.change(box, { target: { value: 'x'.repeat(25) } });
    expect(onChange).toHaveBeenLastCalledWith('x'.repeat(10));
    expect(screen.getByText('10 / 10 characters')).toBeInTheDocument();
  });

  it('is invalid on blur when required and blank', async () => {
    render(<TextArea label="Comment" isRequired />);
    const box = screen.getByRole('textbox', { name: /Comment/ });
    await userEvent.type(box, '  ');
    await userEvent.tab();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('This field is required.')).toBeInTheDocument();
  });
});

import { render, screen } from '@testing-library/react';
import { Input, TextField as AriaTextField } from 'react-aria-components';
import { FieldLabel, FieldMessages, fieldRootProps } from './field-chrome';

describe('the field chrome', () => {
  it('labels the input, marks required visually only, and describes it with the description and the error', () => {
    const { container } = render(
      <AriaTextField isRequired isInvalid>
        <FieldLabel isRequired>Name</FieldLabel>
        <Input />
        <FieldMessages description="As on your ID" error="Too short" />
      </AriaTextField>,
    );
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(container.querySelector('.lm-field__required')).toHaveAttribute('aria-hidden', 'true');
    expect(input).toHaveAccessibleDescription('As on your ID Too short');
    expect(screen.getByText('Too short')).toHaveClass('lm-field__error');
  });

  it('shows no description and no error element when there are none', () => {
    const { container } = render(
      <AriaTextField>
        <FieldLabel>Name</FieldLabel>
        <Input />
        <FieldMessages error={undefined} />
      </AriaTextField>,
    );
    expect(screen.getByRole('textbox', { name: 'Name' })).not.toHaveAttribute('aria-describedby');
    expect(container.querySelector('.lm-field__required, .lm-field__description, .lm-field__error')).toBeNull();
  });

  it('gives a field root its classes, state and aria-only validation', () => {
    expect(fieldRootProps({ label: 'L', isRequired: true, isInvalid: true, name: 'n', className: 'extra' }, 'lm-select')).toEqual({
      className: 'lm-field lm-select extra',
      isRequired: true,
      isDisabled: undefined,
      isInvalid: true,
      name: 'n',
      validationBehavior: 'aria',
    });
  });
});

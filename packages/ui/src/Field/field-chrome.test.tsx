import { render, screen } from '@testing-library/react';
import { Profiler } from 'react';
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

  it('mounts in one commit, its description and error hidden and read as nothing when there are none', () => {
    const onRender = vi.fn();
    const { container } = render(
      <Profiler id="field" onRender={onRender}>
        <AriaTextField>
          <FieldLabel>Name</FieldLabel>
          <Input />
          <FieldMessages error={undefined} />
        </AriaTextField>
      </Profiler>,
    );
    // Without the hidden elements, react-aria renders the field again from a layout effect: two commits.
    expect(onRender).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('textbox', { name: 'Name' })).not.toHaveAccessibleDescription();
    expect(container.querySelector('.lm-field__required')).toBeNull();
    for (const element of container.querySelectorAll('.lm-field__description, .lm-field__error')) {
      expect(element).not.toBeVisible();
      expect(element).toBeEmptyDOMElement();
    }
    expect(container.querySelectorAll('.lm-field__description, .lm-field__error')).toHaveLength(2);
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

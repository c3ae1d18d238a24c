import { TRANSLATIONS } from '@lumen/i18n';
import { TextField } from '@lumen/ui';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../i18n/i18n';
import { ProjectFormModal } from './project-form-modal';
import { useFormSubmit } from '../../shared/use-form-submit';
import { useProjectNameField } from './use-project-name-field';

const tx = (key: string) => TRANSLATIONS['fr-eproject'].en[key] ?? key;

/** A name form as the project dialogs build it: the name field in the form modal, sent with useFormSubmit. */
function NameForm({ send, onClose, initial, isSubmitDisabled }: { send: (name: string) => Promise<void | false>; onClose: () => void; initial?: string; isSubmitDisabled?: boolean }) {
  const nameField = useProjectNameField(initial);
  const { pending, onSubmit } = useFormSubmit(nameField.validate, () => send(nameField.name));
  return (
    <ProjectFormModal title="Name it" formId="name-form" submitLabel="Save" pending={pending} isSubmitDisabled={isSubmitDisabled} onSubmit={onSubmit} onClose={onClose}>
      <TextField {...nameField.fieldProps} />
    </ProjectFormModal>
  );
}

async function setup(props: Partial<Parameters<typeof NameForm>[0]> = {}) {
  const i18n = await createI18n('en');
  i18n.addResourceBundle('en', 'fr-eproject', TRANSLATIONS['fr-eproject'].en);
  const send = vi.fn(async (_name: string): Promise<void | false> => {});
  const onClose = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <NameForm send={send} onClose={onClose} {...props} />
    </I18nextProvider>,
  );
  const dialog = await screen.findByRole('dialog', { name: 'Name it' });
  const field = screen.getByRole('textbox', { name: new RegExp(tx('projects.form.name')) });
  const submit = screen.getByRole('button', { name: 'Save' });
  return { dialog, field, submit, send: props.send ?? send, onClose };
}

describe('a project form in its modal, with the project name field', () => {
  it('shows the name field with its hint, and Cancel closes', async () => {
    const { dialog, field, onClose } = await setup();
    expect(field).toBeRequired();
    expect(dialog).toHaveTextContent(tx('projects.form.nameHint'));
    expect(screen.getByRole('button', { name: 'Save' })).toHaveAttribute('form', 'name-form');
    await userEvent.click(screen.getByRole('button', { name: tx('projects.cancel') }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('checks the name on submit by the domain rule, re-checks it as the user types, and sends it trimmed', async () => {
    const { field, submit, send } = await setup();
    await userEvent.click(submit);
    expect(send).not.toHaveBeenCalled();
    expect(field).toHaveAccessibleDescription(expect.stringContaining(tx('projects.form.required')));
    await userEvent.type(field, '<');
    expect(field).toHaveAccessibleDescription(expect.stringContaining(tx('projects.form.pattern')));
    await userEvent.clear(field);
    await userEvent.type(field, '  Lobby  ');
    expect(field).toHaveAccessibleDescription(tx('projects.form.nameHint'));
    await userEvent.click(submit);
    expect(send).toHaveBeenCalledWith('Lobby');
  });

  it('says when the name is too long', async () => {
    const { submit, field, send } = await setup({ initial: 'x'.repeat(51) });
    await userEvent.click(submit);
    expect(send).not.toHaveBeenCalled();
    expect(field).toHaveAccessibleDescription(expect.stringContaining(tx('projects.form.nameTooLong')));
  });

  it('ends pending when the send fails, so the user can try again', async () => {
    const send = vi.fn(async (): Promise<void | false> => false);
    const { submit } = await setup({ initial: 'Lobby', send });
    await userEvent.click(submit);
    await userEvent.click(submit);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('can disable the submit button', async () => {
    const { submit } = await setup({ initial: 'Lobby', isSubmitDisabled: true });
    expect(submit).toBeDisabled();
  });
});

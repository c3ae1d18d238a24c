import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Modal, type ModalProps } from './Modal';

function Harness(props: Partial<ModalProps>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal title="Terms" isOpen={open} onClose={() => setOpen(false)} {...props}>
        <p>Body</p>
        <input aria-label="First" />
        <input aria-label="Last" />
      </Modal>
    </>
  );
}

async function openModal() {
  const user = userEvent.setup();
  const opener = screen.getByRole('button', { name: 'Open' });
  await user.click(opener);
  return { user, opener, dialog: await screen.findByRole('dialog', { name: 'Terms' }) };
}

describe('Modal', () => {
  it('is closed until opened, then shows a dialog named by its title', async () => {
    render(<Harness />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const { dialog } = await openModal();
    expect(within(dialog).getByText('Body')).toBeInTheDocument();
  });

  it('closes on Escape and gives focus back to the opener', async () => {
    render(<Harness />);
    const { user, opener } = await openModal();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('closes on a backdrop click', async () => {
    render(<Harness />);
    const { user } = await openModal();
    const overlay = document.querySelector('.lm-modal-overlay');
    expect(overlay).not.toBeNull();
    await user.click(overlay as Element);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('stays open on Escape and backdrop click when not dismissable, and closes with its close button', async () => {
    render(<Harness isDismissable={false} />);
    const { user, dialog } = await openModal();
    await user.keyboard('{Escape}');
    await user.click(document.querySelector('.lm-modal-overlay') as Element);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('moves focus inside and traps it there', async () => {
    render(<Harness />);
    const { user, dialog } = await openModal();
    expect(dialog.contains(document.activeElement)).toBe(true);
    for (let i = 0; i < 6; i += 1) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await user.tab({ shift: true });
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('applies the size and the full-screen-on-small option', async () => {
    render(<Harness size="large" fullScreenOnSmall />);
    await openModal();
    const modal = document.querySelector('.lm-modal');
    expect(modal).toHaveClass('lm-modal--large');
    expect(modal).toHaveClass('lm-modal--fullscreen-small');
  });

  it('can be an alertdialog', async () => {
    render(<Harness role="alertdialog" />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('alertdialog', { name: 'Terms' })).toBeInTheDocument();
  });
});

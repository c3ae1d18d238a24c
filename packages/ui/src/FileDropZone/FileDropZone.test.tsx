import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FileDropZone } from './FileDropZone';

const pdf = new File(['%PDF-1.4'], 'plan.pdf', { type: 'application/pdf' });
const txt = new File(['notes'], 'notes.txt', { type: 'text/plain' });

describe('FileDropZone', () => {
  it('offers its files through a real file input behind a button the keyboard reaches', async () => {
    const onFiles = vi.fn();
    const { container } = render(<FileDropZone label="Attachments" description="PDF or text" acceptedFileTypes={['.pdf', '.txt']} onFiles={onFiles} />);
    const button = screen.getByRole('button', { name: 'Choose files' });
    await userEvent.tab();
    // The drop zone's own (hidden) drop target comes first, then the button.
    if (document.activeElement !== button) await userEvent.tab();
    expect(button).toHaveFocus();
    const input = container.querySelector<HTMLInputElement>('input[type="file"]');
    expect(input).not.toBeNull();
    expect(input).toHaveAttribute('accept', '.pdf,.txt');
    expect(input).toHaveAttribute('multiple');
    await userEvent.upload(input as HTMLInputElement, [pdf, txt]);
    expect(onFiles).toHaveBeenCalledWith([pdf, txt]);
    expect(screen.getByText('Drag files here, or')).toBeInTheDocument();
    expect(screen.getByText('PDF or text')).toBeInTheDocument();
  });

  it('takes one file when only one is allowed', async () => {
    const onFiles = vi.fn();
    const { container } = render(<FileDropZone label="Plan" allowsMultiple={false} onFiles={onFiles} />);
    expect(screen.getByRole('button', { name: 'Choose a file' })).toBeInTheDocument();
    const input = container.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
    expect(input).not.toHaveAttribute('multiple');
    await userEvent.upload(input, pdf);
    expect(onFiles).toHaveBeenCalledWith([pdf]);
  });

  it('is named by its label and can be disabled', () => {
    const { container } = render(<FileDropZone label="Attachments" buttonLabel="Add files" isDisabled onFiles={() => {}} />);
    expect(container.querySelector('.lm-dropzone')).toHaveAttribute('data-disabled');
    expect(screen.getByRole('button', { name: 'Add files' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Attachments' })).toBeInTheDocument();
  });
});

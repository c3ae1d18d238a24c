import { MAX_UPLOAD_BYTES } from '@lumen/contracts/constants';
import { TRANSLATIONS } from '@lumen/i18n';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi, failure, json, type FakeApi } from '../../../test/fake-api';
import { createFakeXhr } from '../../../test/fake-xhr';
import { startTestEnvironment } from '../../../test/render-app';
import { AttachmentsField } from './attachments-field';
import { useUploadQueue } from './use-upload-queue';

const en = TRANSLATIONS['fr-eproject'].en;
const tx = (key: string, values: Record<string, string | number> = {}) => (en[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
const TEN_MB = '10 MB';

const UPLOAD_PATH = '/api/images/v1/files/temp';
let uploadCount = 0;

/** What the api answers for an accepted file. */
function tempUpload(name: string, size: number) {
  uploadCount += 1;
  return {
    id: `00000000-0000-4000-8000-${String(uploadCount).padStart(12, '0')}`,
    name,
    extension: name.split('.').pop(),
    contentType: 'application/octet-stream',
    size,
    expiresAt: '2026-05-02T10:00:00.000Z',
  };
}

/** Answers every upload as the api accepts it. */
function acceptUploads(api: FakeApi) {
  api.handle((call) => {
    if (call.method !== 'POST' || call.path !== UPLOAD_PATH) return undefined;
    const file = (call.body as FormData).get('file') as File;
    return json(201, tempUpload(file.name, file.size));
  });
}

const pdf = () => new File(['%PDF-1.4 plan'], 'plan.pdf', { type: 'application/pdf' });
const txt = () => new File(['Some notes'], 'notes.txt', { type: 'text/plain' });

function Harness({ maxFiles }: { maxFiles: number }) {
  const queue = useUploadQueue({ purpose: { domain: 'support', entity: 'support-request' }, maxFiles });
  return (
    <>
      <AttachmentsField queue={queue} label="Attachments" />
      <span data-testid="attached">{queue.attachedIds.join(',')}</span>
      <span data-testid="uploading">{String(queue.isUploading)}</span>
    </>
  );
}

async function setup({ manual = false, maxFiles = 10, api = createFakeApi() }: { manual?: boolean; maxFiles?: number; api?: FakeApi } = {}) {
  const xhr = createFakeXhr(api.fetch, { manual });
  vi.stubGlobal('XMLHttpRequest', xhr.XMLHttpRequest);
  const environment = await startTestEnvironment(api);
  const view = render(
    <Provider store={environment.store}>
      <I18nextProvider i18n={environment.i18n}>
        <Harness maxFiles={maxFiles} />
      </I18nextProvider>
    </Provider>,
  );
  const input = view.container.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
  // The picker's filter can be switched off by the user ("All files"), and dropped files have none.
  const add = (...files: File[]) => userEvent.setup({ applyAccept: false }).upload(input, files);
  const row = (name: string) => screen.getByText(name, { selector: '.attachments__name, .lm-progress__label', exact: false }).closest('li') as HTMLElement;
  return { api, xhr, add, row, input };
}

afterEach(() => vi.unstubAllGlobals());

describe('the upload queue', () => {
  it('sends several files at once, each with its own real progress, then lists them as attached', async () => {
    const { xhr, add, input } = await setup({ manual: true });
    expect(input).toHaveAttribute('accept', expect.stringContaining('.pdf'));
    await add(pdf(), txt());
    expect(xhr.requests).toHaveLength(2);
    expect(xhr.requests[0]?.url).toMatch(/^\/api\/images\/v1\/files\/temp\?domain=support&entity=support-request&/);
    expect(((xhr.requests[0]?.body as FormData).get('file') as File).name).toBe('plan.pdf');
    const planBar = screen.getByRole('progressbar', { name: tx('upload.uploading', { name: 'plan.pdf' }) });
    const notesBar = screen.getByRole('progressbar', { name: tx('upload.uploading', { name: 'notes.txt' }) });
    expect(screen.getByTestId('uploading')).toHaveTextContent('true');

    const total = xhr.requests[0]?.total ?? 0;
    act(() => xhr.requests[0]?.progress(Math.round(total / 2)));
    await waitFor(() => expect(planBar).toHaveAttribute('aria-valuenow', '50'));
    expect(notesBar).toHaveAttribute('aria-valuenow', '0');
    act(() => xhr.requests[1]?.progress(xhr.requests[1].total));
    await waitFor(() => expect(notesBar).toHaveAttribute('aria-valuenow', '100'));

    await act(() => xhr.requests[1]?.respond(json(201, tempUpload('notes.txt', 10))));
    await act(() => xhr.requests[0]?.respond(json(201, tempUpload('plan.pdf', 13))));
    await waitFor(() => expect(screen.queryAllByRole('progressbar')).toHaveLength(0));
    const list = screen.getByRole('list', { name: tx('upload.list') });
    // Still in the order they were added, whatever order they finished in.
    expect(within(list).getAllByRole('listitem').map((item) => item.querySelector('.attachments__name')?.textContent)).toEqual(['plan.pdf', 'notes.txt']);
    expect(within(list).getAllByText(/^Attached/)).toHaveLength(2);
    expect(screen.getByTestId('attached').textContent?.split(',')).toHaveLength(2);
    expect(screen.getByTestId('uploading')).toHaveTextContent('false');
    expect(screen.getByRole('status')).toHaveTextContent(tx('upload.announce.attached', { name: 'plan.pdf' }));
  });

  it('refuses before sending a file of another type, one over 10 MB and an empty one, each with its reason', async () => {
    const { xhr, add, row } = await setup();
    const huge = new File(['x'], 'photo.jpg', { type: 'image/jpeg' });
    Object.defineProperty(huge, 'size', { value: MAX_UPLOAD_BYTES + 1 });
    await add(new File(['MZ'], 'setup.exe'), huge, new File([], 'empty.txt'));
    expect(xhr.requests).toHaveLength(0);
    expect(row('setup.exe')).toHaveTextContent(tx('upload.error.FILE_TYPE_NOT_ALLOWED'));
    expect(row('photo.jpg')).toHaveTextContent(tx('upload.error.FILE_TOO_LARGE', { size: TEN_MB }));
    expect(row('empty.txt')).toHaveTextContent(tx('upload.error.FILE_EMPTY'));
    // Sending them again would change nothing: no retry, only remove.
    expect(screen.queryByRole('button', { name: /^Try .* again$/ })).not.toBeInTheDocument();
    const remove = within(row('setup.exe')).getByRole('button', { name: tx('upload.removeFile', { name: 'setup.exe' }) });
    expect(remove).toHaveAccessibleDescription(tx('upload.error.FILE_TYPE_NOT_ALLOWED'));
    expect(screen.getByTestId('attached')).toBeEmptyDOMElement();
  });

  it.each([
    [415, 'FILE_TYPE_NOT_ALLOWED', false],
    [415, 'FILE_CONTENT_MISMATCH', false],
    [413, 'FILE_TOO_LARGE', false],
    [400, 'FILE_EMPTY', false],
    [429, 'RATE_LIMITED', true],
    [500, 'INTERNAL', true],
  ] as const)('shows the api’s %i %s on its file, in the user’s words', async (status, code, retryable) => {
    const api = createFakeApi();
    api.handle((call) => (call.path === UPLOAD_PATH ? failure(status, code) : undefined));
    const { add, row } = await setup({ api });
    await add(pdf());
    const reason = code === 'INTERNAL' ? 'FAILED' : code;
    const message = tx(`upload.error.${reason}`, { size: TEN_MB });
    await waitFor(() => expect(row('plan.pdf')).toHaveTextContent(message));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(tx('upload.announce.failed', { name: 'plan.pdf', reason: message }));
    const retry = screen.queryByRole('button', { name: tx('upload.retryFile', { name: 'plan.pdf' }) });
    if (retryable) expect(retry).toHaveAccessibleDescription(message);
    else expect(retry).not.toBeInTheDocument();
  });

  it('says so on its file when the connection fails, while the others go on', async () => {
    const { xhr, add, row } = await setup({ manual: true });
    await add(pdf(), txt());
    act(() => xhr.requests[0]?.failNetwork());
    await waitFor(() => expect(row('plan.pdf')).toHaveTextContent(tx('upload.error.NETWORK')));
    expect(row('notes.txt').querySelector('[role="progressbar"]')).not.toBeNull();
  });

  it('sends a failed file again on retry', async () => {
    const api = createFakeApi();
    let refused = false;
    api.handle((call) => {
      if (call.path !== UPLOAD_PATH || refused) return undefined;
      refused = true;
      return failure(429, 'RATE_LIMITED');
    });
    acceptUploads(api);
    const { xhr, add, row } = await setup({ api });
    await add(pdf());
    await userEvent.click(await screen.findByRole('button', { name: tx('upload.retryFile', { name: 'plan.pdf' }) }));
    await waitFor(() => expect(row('plan.pdf')).toHaveTextContent(/^.*Attached/));
    expect(xhr.requests).toHaveLength(2);
    expect(screen.getByTestId('attached')).not.toBeEmptyDOMElement();
    expect(row('plan.pdf')).not.toHaveTextContent(tx('upload.error.RATE_LIMITED'));
  });

  it('cancels a file being sent, takes an attached file out of the request and dismisses a failure', async () => {
    const { xhr, add } = await setup({ manual: true });
    await add(pdf(), txt(), new File(['MZ'], 'tool.exe'));
    expect(xhr.requests).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: tx('upload.cancelFile', { name: 'plan.pdf' }) }));
    expect(xhr.requests[0]?.aborted).toBe(true);
    expect(screen.queryByText('plan.pdf', { exact: false })).not.toBeInTheDocument();
    // The focus does not fall to the page: it goes back to the file button.
    expect(screen.getByRole('button', { name: 'Choose files' })).toHaveFocus();

    await act(() => xhr.requests[1]?.respond(json(201, tempUpload('notes.txt', 10))));
    await waitFor(() => expect(screen.getByTestId('attached')).not.toBeEmptyDOMElement());
    await userEvent.click(screen.getByRole('button', { name: tx('upload.removeFile', { name: 'notes.txt' }) }));
    expect(screen.getByTestId('attached')).toBeEmptyDOMElement();
    await userEvent.click(screen.getByRole('button', { name: tx('upload.removeFile', { name: 'tool.exe' }) }));
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('takes at most the request’s number of files; one more can go once another is removed', async () => {
    const api = createFakeApi();
    acceptUploads(api);
    const { xhr, add, row } = await setup({ api, maxFiles: 2 });
    await add(pdf(), txt(), new File(['%PDF-1.4'], 'third.pdf'));
    await waitFor(() => expect(screen.getByTestId('attached').textContent?.split(',')).toHaveLength(2));
    expect(xhr.requests).toHaveLength(2);
    expect(row('third.pdf')).toHaveTextContent(tx('upload.error.TOO_MANY_FILES', { max: 2 }));
    await userEvent.click(screen.getByRole('button', { name: tx('upload.removeFile', { name: 'notes.txt' }) }));
    await userEvent.click(screen.getByRole('button', { name: tx('upload.retryFile', { name: 'third.pdf' }) }));
    await waitFor(() => expect(row('third.pdf')).toHaveTextContent(/Attached/));
    expect(xhr.requests).toHaveLength(3);
  });
});

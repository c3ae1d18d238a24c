import { TRANSLATIONS } from '@lumen/i18n';
import { act, screen } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi, failure } from '../../test/fake-api';
import { makeRuntimeConfig } from '../../test/runtime-config';
import { type MountedApp, mountApp } from './start';

const common = TRANSLATIONS['common-front'];

let container: HTMLElement | null = null;
let mounted: MountedApp | null = null;
afterEach(() => {
  // Unmounted inside act so no render is left scheduled after the test environment is gone.
  act(() => mounted?.unmount());
  mounted = null;
  container?.remove();
  container = null;
});

async function mount(fetch: typeof globalThis.fetch) {
  container = document.body.appendChild(document.createElement('div'));
  const target = container;
  await act(async () => {
    mounted = await mountApp(target, { fetch, initialEntries: ['/'] });
  });
  return mounted?.environment ?? null;
}

describe('the start of the app', () => {
  it('shows NO CONFIG AVAILABLE instead of the app when /config.json cannot be loaded', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = createFakeApi();
    api.handle((call) => (call.path === '/config.json' ? failure(503, 'UNAVAILABLE') : undefined));
    expect(await mount(api.fetch)).toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: 'NO CONFIG AVAILABLE' })).toBeInTheDocument();
    expect(screen.getByText(common.en['noConfig.hint']!)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: common.en['noConfig.reload'] })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    // Without the configuration no service is known: nothing else is asked.
    expect(api.state.calls.map((call) => call.path)).toEqual(['/config.json']);
    warn.mockRestore();
  });

  it('says it in the language the visitor chose, from texts bundled with the web', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    Cookies.set('language', 'de');
    await mount(vi.fn<typeof fetch>(async () => Promise.reject(new TypeError('Failed to fetch'))));
    expect(await screen.findByRole('heading', { level: 1, name: common.de['noConfig.title'] })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('de');
    warn.mockRestore();
  });

  it('starts the app, asking each service at the base path the configuration gives', async () => {
    const api = createFakeApi({ config: { services: { ...makeRuntimeConfig().services, masters: '/edge/masters' } } });
    expect(await mount(api.fetch)).not.toBeNull();
    expect(await screen.findByRole('banner')).toBeInTheDocument();
    expect(api.state.calls[0]?.path).toBe('/config.json');
    expect(api.state.calls.some((call) => call.path === '/edge/masters/v1/keys/domains/fr-eproject/files')).toBe(true);
    expect(api.state.calls.some((call) => call.path.startsWith('/api/masters/'))).toBe(false);
  });
});

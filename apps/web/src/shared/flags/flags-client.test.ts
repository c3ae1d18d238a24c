import { beforeAll, describe, expect, it, vi } from 'vitest';
import { makeAccount } from '../../../test/fake-api';
import { loadContractSchemas } from '../../api';
import { LOCAL_OVERRIDE_REASON } from './evaluated-flags-provider';
import { createFlagsClient, flagsContextOf } from './flags-client';
import { FLAG_OVERRIDES_STORAGE_KEY, readFlagOverrides } from './local-overrides';

const admin = makeAccount({ id: 1, role: 'admin', email: 'admin@demo.example' });
const distributor = makeAccount({ id: 2, role: 'distributor', email: 'dist@demo.example' });

describe('the flags client', () => {
  // At start the schemas come with the runtime configuration (api/contract-schemas.ts).
  beforeAll(() => loadContractSchemas());

  it('answers what the configuration brought; a flag the server did not answer is off', () => {
    const flags = createFlagsClient({ flags: { preconfigListWithCache: true, getArticlesByReferenceV2: false }, fetchFlags: vi.fn() });
    expect(flags.isEnabled('preconfigListWithCache')).toBe(true);
    expect(flags.isEnabled('getArticlesByReferenceV2')).toBe(false);
    expect(flags.isEnabled('hideCloneProjectButton')).toBe(false);
    expect(flags.client.getBooleanDetails('hideCloneProjectButton', false).errorCode).toBe('FLAG_NOT_FOUND');
  });

  it('asks the server again when the user changes (login, another account, logout), not when the same user is told again', async () => {
    const fetchFlags = vi.fn<() => Promise<Record<string, boolean>>>();
    const flags = createFlagsClient({ flags: { preconfigListWithCache: false }, fetchFlags });
    await flags.identify(null);
    expect(fetchFlags).not.toHaveBeenCalled();

    fetchFlags.mockResolvedValueOnce({ preconfigListWithCache: true });
    await flags.identify(distributor);
    expect(fetchFlags).toHaveBeenCalledTimes(1);
    expect(flags.isEnabled('preconfigListWithCache')).toBe(true);
    await flags.identify({ ...distributor });
    expect(fetchFlags).toHaveBeenCalledTimes(1);

    fetchFlags.mockResolvedValueOnce({ preconfigListWithCache: false });
    await flags.identify(null);
    expect(fetchFlags).toHaveBeenCalledTimes(2);
    expect(flags.isEnabled('preconfigListWithCache')).toBe(false);
  });

  it('keeps the answers it had when the server cannot be asked', async () => {
    const warn = vi.fn();
    const flags = createFlagsClient({ flags: { unifiedCodeVersion: true }, fetchFlags: () => Promise.reject(new Error('offline')), warn });
    await flags.identify(distributor);
    expect(flags.isEnabled('unifiedCodeVersion')).toBe(true);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('offline'));
  });

  it('lets a local override win for a backoffice user only, kept in this browser', async () => {
    const fetchFlags = vi.fn(async () => ({ hideCloneProjectButton: false }));
    const flags = createFlagsClient({ flags: { hideCloneProjectButton: false }, fetchFlags });
    await flags.identify(admin);
    flags.provider.setOverride('hideCloneProjectButton', true);
    expect(flags.isEnabled('hideCloneProjectButton')).toBe(true);
    expect(flags.client.getBooleanDetails('hideCloneProjectButton', false).reason).toBe(LOCAL_OVERRIDE_REASON);
    expect(JSON.parse(localStorage.getItem(FLAG_OVERRIDES_STORAGE_KEY) ?? '{}')).toEqual({ hideCloneProjectButton: true });

    // Another user of the same browser without the backoffice privilege gets the server's answer.
    await flags.identify(distributor);
    expect(flags.isEnabled('hideCloneProjectButton')).toBe(false);
    await flags.identify(admin);
    expect(flags.isEnabled('hideCloneProjectButton')).toBe(true);

    // A new app in the same browser reads the stored override.
    const reloaded = createFlagsClient({ flags: { hideCloneProjectButton: false }, fetchFlags });
    await reloaded.identify(admin);
    expect(reloaded.isEnabled('hideCloneProjectButton')).toBe(true);

    reloaded.provider.setOverride('hideCloneProjectButton', null);
    expect(reloaded.isEnabled('hideCloneProjectButton')).toBe(false);
    expect(localStorage.getItem(FLAG_OVERRIDES_STORAGE_KEY)).toBeNull();
  });

  it('lists every known flag with its served value and override, and tells its listeners', async () => {
    const flags = createFlagsClient({ flags: { preconfigListWithCache: true, laterFlag: false }, fetchFlags: vi.fn() });
    const listener = vi.fn();
    flags.provider.subscribe(listener);
    flags.provider.setOverride('unifiedCodeVersion', false);
    expect(listener).toHaveBeenCalledTimes(1);
    const statuses = flags.provider.getStatuses();
    expect(statuses.map((status) => status.key)).toEqual([...statuses.map((status) => status.key)].sort((a, b) => a.localeCompare(b)));
    expect(statuses).toContainEqual({ key: 'preconfigListWithCache', served: true, override: undefined });
    expect(statuses).toContainEqual({ key: 'laterFlag', served: false, override: undefined });
    expect(statuses).toContainEqual({ key: 'unifiedCodeVersion', served: undefined, override: false });
    flags.provider.clearOverrides();
    expect(flags.provider.getStatuses().every((status) => status.override === undefined)).toBe(true);
  });

  it('ignores stored overrides it cannot read', () => {
    localStorage.setItem(FLAG_OVERRIDES_STORAGE_KEY, '{"a": "yes"');
    expect(readFlagOverrides()).toEqual({});
    localStorage.setItem(FLAG_OVERRIDES_STORAGE_KEY, '{"a": "yes"}');
    expect(readFlagOverrides()).toEqual({});
    localStorage.setItem(FLAG_OVERRIDES_STORAGE_KEY, '{"a": true}');
    expect(readFlagOverrides()).toEqual({ a: true });
  });

  it('describes a user to OpenFeature by id, e-mail and backoffice privilege', () => {
    expect(flagsContextOf(null)).toEqual({ backoffice: false });
    expect(flagsContextOf(admin)).toEqual({ targetingKey: '1', email: 'admin@demo.example', backoffice: true });
    expect(flagsContextOf(distributor)).toMatchObject({ targetingKey: '2', backoffice: false });
  });
});

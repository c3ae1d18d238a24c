import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useRemote } from './use-remote';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('useRemote', () => {
  it('loads nothing while the key is null', () => {
    let calls = 0;
    const { result } = renderHook(() => useRemote<string>(null, () => Promise.resolve(String(++calls))));
    expect(result.current[0]).toEqual({ status: 'loading' });
    expect(calls).toBe(0);
  });

  it('drops a late answer for an older key', async () => {
    const answers = { a: deferred<string>(), b: deferred<string>() };
    const { result, rerender } = renderHook(({ key }: { key: 'a' | 'b' }) => useRemote(key, () => answers[key].promise), { initialProps: { key: 'a' } });
    rerender({ key: 'b' });
    await act(async () => answers.b.resolve('fresh'));
    await act(async () => answers.a.resolve('stale'));
    expect(result.current[0]).toEqual({ status: 'ready', data: 'fresh' });
  });

  it('reports the HTTP status of a failed call, and loads again on reload', async () => {
    let attempt = 0;
    const { result } = renderHook(() =>
      useRemote('model', () => (++attempt === 1 ? Promise.reject({ error: { ErrorCode: 404 } }) : Promise.resolve('found'))),
    );
    await waitFor(() => expect(result.current[0]).toEqual({ status: 'failed', httpStatus: 404 }));
    act(() => result.current[1]());
    expect(result.current[0]).toEqual({ status: 'loading' });
    await waitFor(() => expect(result.current[0]).toEqual({ status: 'ready', data: 'found' }));
  });

  it('keeps what was loaded on screen while a refresh loads it again, then shows the new answer (issue 10 §1)', async () => {
    const answers = { visitor: deferred<string>(), 'user-7': deferred<string>() };
    const { result, rerender } = renderHook(({ reader }: { reader: 'visitor' | 'user-7' }) => useRemote('5520', () => answers[reader].promise, { refresh: reader }), {
      initialProps: { reader: 'visitor' },
    });
    await act(async () => answers.visitor.resolve('without prices'));
    expect(result.current[0]).toEqual({ status: 'ready', data: 'without prices' });
    rerender({ reader: 'user-7' });
    expect(result.current[0]).toEqual({ status: 'ready', data: 'without prices' });
    await act(async () => answers['user-7'].resolve('with prices'));
    expect(result.current[0]).toEqual({ status: 'ready', data: 'with prices' });
  });
  it('starts with an answer in hand for its key and does not ask; asks for another key, and on reload', async () => {
    let calls = 0;
    const start = () => Promise.resolve(`asked ${++calls}`);
    const { result, rerender } = renderHook(({ key }: { key: string }) => useRemote(key, start, { answered: { key: '5520', data: 'from the start' } }), { initialProps: { key: '5520' } });
    expect(result.current[0]).toEqual({ status: 'ready', data: 'from the start' });
    await act(async () => undefined);
    expect(calls).toBe(0);
    act(() => result.current[1]());
    await waitFor(() => expect(result.current[0]).toEqual({ status: 'ready', data: 'asked 1' }));
    rerender({ key: '5521' });
    await waitFor(() => expect(result.current[0]).toEqual({ status: 'ready', data: 'asked 2' }));

    // An answer for another key is not this one's.
    const other = renderHook(() => useRemote('4520', start, { answered: { key: '5520', data: 'from the start' } }));
    expect(other.result.current[0]).toEqual({ status: 'loading' });
    await waitFor(() => expect(other.result.current[0]).toEqual({ status: 'ready', data: 'asked 3' }));
  });
});


import { TRANSLATIONS } from '@lumen/i18n';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';
import { SCROLL_POSITIONS_KEY } from './scroll-restoration';

const ep = TRANSLATIONS['fr-eproject'];
const en = (key: string) => ep.en[key] ?? key;

// jsdom lays nothing out: the window's scroll position is a value the test sets, as a user's scroll
// would, and window.scrollTo records where the app asked to go.
let scrollY = 0;
const scrollTo = vi.fn((x: number | ScrollToOptions, y?: number) => {
  scrollY = typeof x === 'number' ? (y ?? 0) : (x.top ?? 0);
});
function userScrollsTo(top: number) {
  scrollY = top;
  window.dispatchEvent(new Event('scroll'));
}

beforeEach(() => {
  scrollY = 0;
  scrollTo.mockClear();
  vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => scrollY);
  vi.spyOn(window, 'scrollTo').mockImplementation(scrollTo as typeof window.scrollTo);
  sessionStorage.clear();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the scroll position across navigations (issue 35 §4)', () => {
  it('opens a page reached by a link at its top, and brings a page back where it was left on "back" and "forward"', async () => {
    const { history } = await renderApp('/');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: en('home.visitor.title') })).toBeInTheDocument();
    // The first page of a visit is left where the browser opened it.
    expect(scrollTo).not.toHaveBeenCalled();

    userScrollsTo(640);
    await user.click(screen.getAllByRole('link', { name: en('header.support') })[0]!);
    await waitFor(() => expect(history.location.pathname).toBe('/support'));
    await waitFor(() => expect(scrollY, 'the support page opens at its top').toBe(0));

    userScrollsTo(220);
    act(() => history.go(-1));
    await waitFor(() => expect(history.location.pathname).toBe('/'));
    await waitFor(() => expect(scrollY, 'back: the home page where it was left').toBe(640));

    act(() => history.go(1));
    await waitFor(() => expect(history.location.pathname).toBe('/support'));
    await waitFor(() => expect(scrollY, 'forward: the support page where it was left').toBe(220));
  });

  it('brings the top back for an entry never scrolled, and keeps the positions for a reload', async () => {
    const { history, unmount } = await renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: en('home.visitor.title') })).toBeInTheDocument();
    act(() => history.push('/support'));
    userScrollsTo(500);
    act(() => history.go(-1));
    await waitFor(() => expect(history.location.pathname).toBe('/'));
    await waitFor(() => expect(scrollY).toBe(0));
    act(() => window.dispatchEvent(new Event('pagehide')));
    const stored = JSON.parse(sessionStorage.getItem(SCROLL_POSITIONS_KEY) ?? '{}') as Record<string, number>;
    expect(Object.values(stored)).toContain(500);
    unmount();
  });

  it('keeps the position when a screen replaces its address on the same page, and after it on "back"', async () => {
    const { history } = await renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: en('home.visitor.title') })).toBeInTheDocument();
    act(() => history.push('/support'));
    await waitFor(() => expect(scrollY).toBe(0));
    userScrollsTo(300);
    scrollTo.mockClear();
    act(() => history.replace('/support?topic=order'));
    await waitFor(() => expect(history.location.search).toBe('?topic=order'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(scrollTo).not.toHaveBeenCalled();
    act(() => history.push('/'));
    await waitFor(() => expect(scrollY).toBe(0));
    act(() => history.go(-1));
    await waitFor(() => expect(scrollY).toBe(300));
  });
});

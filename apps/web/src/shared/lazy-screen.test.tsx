import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyScreen } from './lazy-screen';

function Page({ title }: { title: string }) {
  return <h1>{title}</h1>;
}

describe('lazyScreen', () => {
  it('renders at once, without its fallback, once preloaded', async () => {
    let loads = 0;
    const Screen = lazyScreen(async () => {
      loads += 1;
      return { default: Page };
    });
    await Screen.preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Screen title="Projects" />
      </Suspense>,
    );
    // The first commit holds the page: no fallback was shown (React.lazy alone suspends here).
    expect(screen.getByRole('heading', { name: 'Projects' })).toBeInTheDocument();
    expect(screen.queryByText('Loading')).toBeNull();
    expect(loads).toBe(1);
  });

  it('loads the modules it is told to first, one after the other, each in a task of its own', async () => {
    const order: string[] = [];
    const step = (name: string) => async () => {
      order.push(name);
      // What else the browser runs between the steps: a task queued as the step's module comes in.
      setTimeout(() => order.push(`task after ${name}`), 0);
    };
    const Screen = lazyScreen(
      async () => {
        order.push('screen');
        return { default: Page };
      },
      { before: [step('page'), step('panels')] },
    );
    await Screen.preload();
    await Screen.preload();
    expect(order).toEqual(['page', 'task after page', 'panels', 'task after panels', 'screen']);
  });

  it('suspends like React.lazy when not preloaded, and loads once', async () => {
    let loads = 0;
    let resolve!: (module: { default: typeof Page }) => void;
    const Screen = lazyScreen(() => {
      loads += 1;
      return new Promise<{ default: typeof Page }>((done) => (resolve = done));
    });
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Screen title="Projects" />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeInTheDocument();
    void Screen.preload(); // a preload while the render waits shares its download
    await act(async () => resolve({ default: Page }));
    expect(await screen.findByRole('heading', { name: 'Projects' })).toBeInTheDocument();
    expect(loads).toBe(1);
  });

  it('tries a failed download again on the next preload', async () => {
    let attempt = 0;
    const Screen = lazyScreen(async () => {
      attempt += 1;
      if (attempt === 1) throw new Error('offline');
      return { default: Page };
    });
    await expect(Screen.preload()).rejects.toThrow('offline');
    await Screen.preload();
    render(<Screen title="Back online" />);
    expect(screen.getByRole('heading', { name: 'Back online' })).toBeInTheDocument();
  });
});

import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applyTheme, currentTheme, normalizeTheme } from '../theme/theme';
import { ThemeToggle } from './ThemeToggle';

describe('themes', () => {
  it('default light; only light and dark are themes, other values are ignored', () => {
    expect(currentTheme()).toBe('light');
    expect(normalizeTheme('dark')).toBe('dark');
    expect(normalizeTheme('sepia')).toBe('light');
    expect(normalizeTheme(undefined)).toBe('light');
    applyTheme('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    applyTheme('neon');
    expect(document.documentElement.dataset.theme).toBe('dark');
    document.documentElement.dataset.theme = 'neon';
    expect(currentTheme()).toBe('light');
  });
});

describe('ThemeToggle', () => {
  it('switches the html element between light and dark', async () => {
    const onThemeChange = vi.fn();
    render(<ThemeToggle onThemeChange={onThemeChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(onThemeChange).toHaveBeenCalledWith('dark');
    await userEvent.keyboard('{Enter}');
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(screen.getByRole('button', { name: 'Switch to dark theme' })).toBeInTheDocument();
  });

  it('uncontrolled: follows a theme set on the html element by someone else', async () => {
    render(<ThemeToggle />);
    applyTheme('dark');
    expect(await screen.findByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();
    applyTheme('light');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Switch to dark theme' })).toBeInTheDocument());
  });

  it('controlled: reports and leaves the html element alone', async () => {
    const onThemeChange = vi.fn();
    render(<ThemeToggle theme="dark" onThemeChange={onThemeChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(onThemeChange).toHaveBeenCalledWith('light');
    expect(document.documentElement.dataset.theme).toBeUndefined();
  });
});

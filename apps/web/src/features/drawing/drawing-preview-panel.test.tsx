import { TRANSLATIONS } from '@lumen/i18n';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n/i18n';
import { PreviewViews } from './drawing-preview-panel';

async function renderViews(lang: 'en' | 'es') {
  const i18n = await createI18n(lang);
  i18n.addResourceBundle(lang, 'fr-eproject', TRANSLATIONS['fr-eproject'][lang]);
  render(
    <I18nextProvider i18n={i18n}>
      <PreviewViews>{(view) => <p data-testid="asked">{`${view.kind} ${view.nonce}`}</p>}</PreviewViews>
    </I18nextProvider>,
  );
  const tx = (key: string) => TRANSLATIONS['fr-eproject'][lang][key] ?? key;
  return { tx, group: screen.getByRole('group', { name: tx('drawing.preview.view.label') }) };
}

describe('the drawing preview’s view buttons (issue 35 §3)', () => {
  it('ask the preview for the top, front and opening views, each press anew, by keyboard too', async () => {
    const { tx, group } = await renderViews('en');
    const asked = screen.getByTestId('asked');
    expect(asked).toHaveTextContent('perspective 0');
    const top = within(group).getByRole('button', { name: tx('drawing.preview.view.top') });
    const front = within(group).getByRole('button', { name: tx('drawing.preview.view.front') });
    expect(top).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(top);
    expect(asked).toHaveTextContent('top 1');
    expect(top).toHaveAttribute('aria-pressed', 'true');
    // Pressed again (after an orbit, say): asked again.
    await userEvent.click(top);
    expect(asked).toHaveTextContent('top 2');

    // By keyboard: Tab reaches the next button, Enter and Space press it.
    await userEvent.tab();
    expect(front).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(asked).toHaveTextContent('front 3');
    expect(front).toHaveAttribute('aria-pressed', 'true');
    expect(top).toHaveAttribute('aria-pressed', 'false');
    await userEvent.tab();
    expect(within(group).getByRole('button', { name: tx('drawing.preview.view.reset') })).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(asked).toHaveTextContent('perspective 4');
  });

  it('are named in the user’s language', async () => {
    const { group } = await renderViews('es');
    expect(within(group).getAllByRole('button').map((button) => button.textContent)).toEqual(['Vista superior', 'Vista frontal', 'Restablecer la vista']);
  });
});

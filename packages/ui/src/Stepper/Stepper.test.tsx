import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Stepper } from './Stepper';
import { stepStates } from './stepper-states';

const STEPS = [
  { id: 'project', label: 'Project' },
  { id: 'budget', label: 'Budget' },
  { id: 'order', label: 'Order' },
  { id: 'done', label: 'Done' },
];

describe('stepStates', () => {
  it('linear: before the active completed, after it disabled', () => {
    expect(stepStates(4, 2, true)).toEqual(['completed', 'completed', 'active', 'disabled']);
    expect(stepStates(3, 0, true)).toEqual(['active', 'disabled', 'disabled']);
  });

  it('non-linear: no completed or disabled steps', () => {
    expect(stepStates(4, 2, false)).toEqual(['available', 'available', 'active', 'available']);
  });
});

describe('Stepper', () => {
  it('marks the active step as current and says which steps are completed or disabled', () => {
    render(<Stepper steps={STEPS} activeStep={1} />);
    const nav = screen.getByRole('navigation', { name: 'Progress' });
    const items = screen.getAllByRole('listitem');
    expect(nav).toBeInTheDocument();
    expect(items.map((item) => item.getAttribute('data-state'))).toEqual(['completed', 'active', 'disabled', 'disabled']);
    expect(items[1]).toHaveAttribute('aria-current', 'step');
    expect(items[0]).toHaveTextContent('Project (Completed)');
    expect(items[2]).toHaveTextContent('Order (Not available yet)');
  });

  it('linear: goes back to a completed step but not forward to a disabled one (keyboard too)', async () => {
    const onStepChange = vi.fn();
    render(<Stepper steps={STEPS} activeStep={1} onStepChange={onStepChange} />);
    expect(screen.getByRole('button', { name: /Order/ })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: /Order/ }));
    expect(onStepChange).not.toHaveBeenCalled();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: /Project/ })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onStepChange).toHaveBeenCalledWith(0);
  });

  it('non-linear: every other step can be visited', async () => {
    const onStepChange = vi.fn();
    render(<Stepper steps={STEPS} activeStep={1} linear={false} onStepChange={onStepChange} />);
    expect(screen.getAllByRole('listitem').map((item) => item.getAttribute('data-state'))).toEqual(['available', 'active', 'available', 'available']);
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onStepChange).toHaveBeenCalledWith(3);
  });
});

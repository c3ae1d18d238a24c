import clsx from 'clsx';
import { Button as AriaButton } from 'react-aria-components';
import { Icon } from '../Icon/Icon';
import { useWidgetsTranslation } from '../i18n/use-widgets-translation';
import { stepStates } from './stepper-states';

export interface StepperStep {
  id: string;
  label: string;
}

export interface StepperProps {
  steps: readonly StepperStep[];
  /** Index of the active step. */
  activeStep: number;
  /** Linear (default): earlier steps completed, later ones disabled. Non-linear: every step can be visited. */
  linear?: boolean;
  /** When given, steps that are not disabled are buttons that go to that step. */
  onStepChange?: (index: number) => void;
  /** Accessible name of the stepper; default "Progress". */
  'aria-label'?: string;
  className?: string;
}

/** Progress through numbered steps; the active step is marked aria-current="step". */
export function Stepper({ steps, activeStep, linear = true, onStepChange, 'aria-label': ariaLabel, className }: StepperProps) {
  const { t } = useWidgetsTranslation();
  const states = stepStates(steps.length, activeStep, linear);
  return (
    <nav aria-label={ariaLabel ?? t('stepper.label')} className={clsx('lm-stepper', className)}>
      <ol className="lm-stepper__list">
        {steps.map((step, index) => {
          const state = states[index] ?? 'available';
          const marker = state === 'completed' ? <Icon name="check" size={16} /> : index + 1;
          const status = state === 'available' ? null : <span className="lm-visually-hidden">{` (${t(`stepper.${state}`)})`}</span>;
          const content = (
            <>
              <span className="lm-stepper__marker" aria-hidden="true">
                {marker}
              </span>
              <span className="lm-stepper__label">{step.label}</span>
              {status}
            </>
          );
          return (
            <li
              key={step.id}
              className={clsx('lm-stepper__step', `lm-stepper__step--${state}`)}
              data-state={state}
              aria-current={state === 'active' ? 'step' : undefined}
            >
              {onStepChange && state !== 'active' ? (
                <AriaButton className="lm-stepper__button" isDisabled={state === 'disabled'} onPress={() => onStepChange(index)}>
                  {content}
                </AriaButton>
              ) : (
                <span className="lm-stepper__button">{content}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

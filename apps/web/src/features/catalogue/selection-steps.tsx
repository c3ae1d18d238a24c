import { Stepper } from '@lumen/ui';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** The four steps of choosing a product (issue 5): collection → application location → model → configuration. */
export const SELECTION_STEPS = ['collection', 'location', 'model', 'configuration'] as const;

export interface SelectionStepsProps {
  active: 0 | 1 | 2;
  /** Where each earlier step lives, by index; a step without a path cannot be revisited. */
  paths: readonly (string | undefined)[];
}

/** The progress through the selection; earlier steps are buttons that go back to them. */
export function SelectionSteps({ active, paths }: SelectionStepsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Stepper
      className="catalogue__steps"
      aria-label={t('catalogue.steps.label')}
      steps={SELECTION_STEPS.map((id) => ({ id, label: t(`catalogue.steps.${id}`) }))}
      activeStep={active}
      onStepChange={(index) => {
        const path = paths[index];
        if (path) void navigate(path);
      }}
    />
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { projectNameError } from './project-target';

/**
 * A project's name field (the domain's project-title rule, `projectNameError`): `fieldProps` go to
 * the kit's TextField; `validate()` checks the name on submit and shows the problem; once a problem
 * shows, the field is re-checked as the user types. `name` is the trimmed name to send.
 */
export function useProjectNameField(initial = '') {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);

  /** Checks the name and shows what is wrong with it; true when it may be sent. */
  function validate() {
    const found = projectNameError(value);
    setProblem(found);
    return found === null;
  }

  const fieldProps = {
    label: t('projects.form.name'),
    description: t('projects.form.nameHint'),
    value,
    onChange: (next: string) => {
      setValue(next);
      if (problem) setProblem(projectNameError(next));
    },
    isRequired: true,
    isInvalid: problem !== null,
    errorMessage: problem ? t(problem) : undefined,
  };

  return { name: value.trim(), validate, fieldProps };
}

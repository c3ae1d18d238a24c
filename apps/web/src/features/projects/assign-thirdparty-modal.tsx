import type { Project } from '@lumen/contracts';
import { Button, Modal, TextField } from '@lumen/ui';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiFailure } from '../../api';
import { useAppDispatch } from '../../shared/store';
import { assignThirdparty, type ThirdpartyAssigned } from './projects-calls';

/** The api's word on the e-mail (a 400 on body.email) as the field's message key. */
export function refusalKey(error: ApiFailure | undefined): string {
  const field = error?.ErrorCode === 400 ? error.fields?.find((item) => item.path === 'body.email') : undefined;
  if (!field) return 'projects.assign.failed';
  if (field.message.startsWith('formError.') || field.message.startsWith('projects.assign.')) return field.message;
  return 'projects.assign.unknown';
}

type EmailCheck = (value: string) => string | null;
let emailCheck: EmailCheck | null = null;
/**
 * The e-mail check (`shared/forms`: the contracts' Email, a zod schema) loads with the dialog, not
 * with the project page: imported statically it brought zod and every contract schema (45 KB gzip,
 * a 200 ms evaluation on a phone) into the project page's first load (apps/web README, issue 35 §5).
 */
function loadEmailCheck(): Promise<EmailCheck> {
  return import('../../shared/forms').then((forms) => (emailCheck = forms.email));
}

/**
 * Assign the project to a distributor (project.asigment.thirdparty): the distributor's e-mail; the
 * api finds the account and assigns the project; the distributor then sees it among the projects
 * assigned to them and may import it. Assigning again moves the project to the new address.
 */
export function AssignThirdpartyModal({ project, onClose }: { project: Project; onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [assigned, setAssigned] = useState<ThirdpartyAssigned['assignee'] | null>(null);
  // Asked for as the dialog opens, so that it is in by the time the user submits.
  useEffect(() => {
    loadEmailCheck().catch(() => undefined);
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    let check: EmailCheck;
    try {
      check = emailCheck ?? (await loadEmailCheck());
    } catch {
      setProblem('projects.assign.failed');
      return;
    }
    const found = check(value);
    setProblem(found);
    if (found) return;
    setPending(true);
    const result = await dispatch(assignThirdparty({ projectId: project.id, email: value.trim() }));
    setPending(false);
    if (assignThirdparty.fulfilled.match(result)) setAssigned(result.payload.assignee);
    else setProblem(refusalKey(result.payload?.error));
  }

  if (assigned) {
    return (
      <Modal isOpen onClose={onClose} title={t('projects.assign.title')} fullScreenOnSmall footer={<Button onPress={onClose}>{t('projects.assign.close')}</Button>}>
        <p role="status">{t('projects.assign.done', { project: project.name, name: assigned.name, email: assigned.email })}</p>
      </Modal>
    );
  }

  return (
    <Modal
      isOpen
      onClose={onClose}
      title={t('projects.assign.title')}
      fullScreenOnSmall
      footer={
        <>
          <Button variant="secondary" onPress={onClose}>
            {t('projects.cancel')}
          </Button>
          <Button type="submit" form="assign-thirdparty-form" isLoading={pending}>
            {t('projects.assign.submit')}
          </Button>
        </>
      }
    >
      <form id="assign-thirdparty-form" onSubmit={(event) => void submit(event)} noValidate>
        <p>{t('projects.assign.text', { name: project.name })}</p>
        <TextField
          type="email"
          label={t('projects.assign.email')}
          value={value}
          onChange={(next) => {
            setValue(next);
            if (problem && emailCheck) setProblem(emailCheck(next));
          }}
          isRequired
          isInvalid={problem !== null}
          errorMessage={problem ? t(problem) : undefined}
          autoComplete="email"
          autoFocus
        />
      </form>
    </Modal>
  );
}

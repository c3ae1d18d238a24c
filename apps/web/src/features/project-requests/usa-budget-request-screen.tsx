import type { Project, SupportRequestCreated } from '@lumen/contracts';
import { Button, Modal } from '@lumen/ui';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFailureMessage } from '../../shared/error-message';
import { SiteLocationFields, useSiteLocation } from '../../shared/site-location';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { sendUsaBudgetRequest } from './project-requests-calls';
import { EmptyProjectNote, fieldsOf, FormFailure, mayRename, projectNameError, ProjectNameField, RequestFormActions, RequestScreen, RequestSent, useFocusFirstInvalid } from './request-form-parts';

const FIELD_OF_PATH: Readonly<Record<string, 'projectName'>> = { 'body.changeProjectName': 'projectName' };

/**
 * /project/{projectId}/usa-request-budget (spec §2, §7; issue 11 §4): the United States quote request.
 * The site (the United States first) and the project's name; the user confirms in a dialog that the
 * project as it is now is sent, then the request's number shows.
 */
export function UsaBudgetRequestScreen({ project }: { project: Project }) {
  const [sent, setSent] = useState<SupportRequestCreated | null>(null);
  const email = useAppSelector((state) => state.session.account?.email ?? '');
  return (
    <RequestScreen project={project} titleKey="usaBudgetRequest.title">
      {sent ? (
        <RequestSent created={sent} kind="project-budget-usa" email={email} projectId={project.id} />
      ) : project.products.length === 0 ? (
        <EmptyProjectNote project={project} />
      ) : (
        <UsaBudgetRequestForm project={project} onSent={setSent} />
      )}
    </RequestScreen>
  );
}

function UsaBudgetRequestForm({ project, onSent }: { project: Project; onSent: (created: SupportRequestCreated) => void }) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const failureMessage = useFailureMessage();
  const lang = useAppSelector((state) => state.preferences.lang);
  const site = useSiteLocation({ catalogId: 21, initial: { country: 'US' } });
  const [name, setName] = useState(project.name);
  const [nameError, setNameError] = useState<string | undefined>(undefined);
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<{ message: string; others: string[] } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);
  const renamed = mayRename(project) && name.trim() !== project.name ? name.trim() : null;

  const checkName = () => {
    const error = mayRename(project) ? (projectNameError(name) ?? undefined) : undefined;
    setNameError(error);
    return error === undefined;
  };

  /** The form is checked first; the dialog then asks before anything is sent. */
  const askToConfirm = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const siteValid = site.validate();
    if (!(checkName() && siteValid)) {
      focusFirstInvalid();
      return;
    }
    setConfirming(true);
  };

  const send = async () => {
    setPending(true);
    const result = await dispatch(
      sendUsaBudgetRequest({ siteLocation: site.value(), catalogId: 21, lang, project: project.id, ...(renamed === null ? {} : { changeProjectName: renamed }) }),
    );
    if (sendUsaBudgetRequest.fulfilled.match(result)) {
      onSent(result.payload);
      return;
    }
    setPending(false);
    setConfirming(false);
    const fields = result.payload?.error.fields;
    const { found, others } = fieldsOf(fields, FIELD_OF_PATH, (key) => i18n.exists(key));
    if (found.projectName) setNameError(found.projectName);
    if (site.showServerErrors(fields, (key) => i18n.exists(key)) || found.projectName) focusFirstInvalid();
    setFailure({ message: failureMessage(result.payload), others });
  };

  return (
    <form ref={formRef} className="card project-request__form" onSubmit={askToConfirm} noValidate aria-labelledby="project-request-title">
      <p className="project-request__intro">{t('usaBudgetRequest.intro', { name: project.name })}</p>
      {failure && <FormFailure failure={failure.message} others={failure.others} />}
      <SiteLocationFields site={site} legend={t('siteLocation.title')} />
      <ProjectNameField
        project={project}
        value={name}
        onChange={(value) => {
          setName(value);
          if (nameError) setNameError(projectNameError(value) ?? undefined);
        }}
        onBlur={() => name.trim() !== '' && checkName()}
        error={nameError}
      />
      <RequestFormActions project={project} submitKey="usaBudgetRequest.submit" pending={false} />
      <Modal
        isOpen={confirming}
        role="alertdialog"
        isDismissable={!pending}
        onClose={() => !pending && setConfirming(false)}
        title={t('usaBudgetRequest.confirm.title')}
        footer={
          <>
            <Button variant="secondary" isDisabled={pending} onPress={() => setConfirming(false)}>
              {t('projectRequests.cancel')}
            </Button>
            <Button isLoading={pending} onPress={() => void send()}>
              {t('usaBudgetRequest.confirm.send')}
            </Button>
          </>
        }
      >
        <p>{t('usaBudgetRequest.confirm.body', { name: renamed ?? project.name, count: project.products.length })}</p>
        {renamed !== null && <p>{t('usaBudgetRequest.confirm.rename', { from: project.name, to: renamed })}</p>}
      </Modal>
    </form>
  );
}

import { TextAreaText, type BudgetRequestInfo, type Project, type SupportRequestCreated } from '@lumen/contracts';
import { MAX_REQUEST_FILES } from '@lumen/contracts/constants';
import { TextArea } from '@lumen/ui';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { required, useFormState, type Validator } from '../../shared/forms';
import { useFieldProps } from '../../shared/use-field-props';
import { ProjectSnapshotLines } from '../../shared/requests';
import { SiteLocationFields, useSiteLocation } from '../../shared/site-location';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { AttachmentsField, useUploadQueue } from '../../shared/uploads';
import { useFormSubmit } from '../../shared/use-form-submit';
import { useRemote } from '../../shared/use-remote';
import { loadBudgetRequestInfo, sendBudgetRequest } from './project-requests-calls';
import { EmptyProjectNote, fieldsOf, FormFailure, mayRename, projectNameError, ProjectNameField, RequestFormActions, RequestScreen, RequestSent, useFocusFirstInvalid } from './request-form-parts';

type Field = 'description' | 'projectName' | 'files';

/** Spec §5: a text area holds at most 4,000 characters. */
const DESCRIPTION_MAX = 4000;

const description: Validator<Field> = (value) => {
  const missing = required(value);
  if (missing) return missing;
  if (value.trim().length > DESCRIPTION_MAX) return 'formError.tooLong';
  return TextAreaText.safeParse(value).success ? null : 'formError.pattern';
};

const FIELD_OF_PATH: Readonly<Record<string, Field>> = {
  'body.description': 'description',
  'body.changeProjectName': 'projectName',
  'body.files': 'files',
};

/**
 * /project/{projectId}/request-budget (spec §2 budget.request, §3 budget request; issue 11 §3): where
 * the project will be installed, what is asked, plans and photos through the upload queue, and the
 * project's name (changed: the project is renamed with the request). Sent, it shows the request's
 * number and the project as the brand received it.
 */
export function BudgetRequestScreen({ project }: { project: Project }) {
  const [sent, setSent] = useState<SupportRequestCreated | null>(null);
  const email = useAppSelector((state) => state.session.account?.email ?? '');
  return (
    <RequestScreen project={project} titleKey="budgetRequest.title">
      {sent ? (
        <RequestSent created={sent} kind="project-budget" email={email} projectId={project.id}>
          <SentBudgetRequest id={sent.id} />
        </RequestSent>
      ) : project.products.length === 0 ? (
        <EmptyProjectNote project={project} />
      ) : (
        <BudgetRequestForm project={project} onSent={setSent} />
      )}
    </RequestScreen>
  );
}

function BudgetRequestForm({ project, onSent }: { project: Project; onSent: (created: SupportRequestCreated) => void }) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const lang = useAppSelector((state) => state.preferences.lang);
  const [validators] = useState(() => ({ description, ...(mayRename(project) ? { projectName: projectNameError } : {}) }));
  const form = useFormState<Field>({ description: '', projectName: project.name, files: '' }, validators);
  const site = useSiteLocation({ catalogId: project.catalogId });
  const queue = useUploadQueue({ purpose: { domain: 'support', entity: 'project-budget' }, maxFiles: MAX_REQUEST_FILES });
  const [waitForFiles, setWaitForFiles] = useState(false);
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);

  const checkFields = () => {
    // Both checked, so that every message shows at once.
    const siteValid = site.validate();
    const valid = form.validateAll() && siteValid;
    if (!valid) focusFirstInvalid();
    return valid;
  };

  const { pending, failure, showFailure, onSubmit } = useFormSubmit(checkFields, async () => {
    if (queue.isUploading) {
      setWaitForFiles(true);
      return false;
    }
    setWaitForFiles(false);
    const newName = form.values.projectName.trim();
    const result = await dispatch(
      sendBudgetRequest({
        siteLocation: site.value(),
        catalogId: project.catalogId,
        lang,
        description: form.values.description.trim(),
        files: queue.attachedIds,
        project: project.id,
        ...(mayRename(project) && newName !== project.name ? { changeProjectName: newName } : {}),
      }),
    );
    if (sendBudgetRequest.fulfilled.match(result)) {
      onSent(result.payload);
      return;
    }
    const fields = result.payload?.error.fields;
    const { found, others } = fieldsOf(fields, FIELD_OF_PATH, (key) => i18n.exists(key));
    for (const [field, key] of Object.entries(found) as [Field, string][]) form.setError(field, key);
    if (site.showServerErrors(fields, (key) => i18n.exists(key)) || Object.keys(found).length > 0) focusFirstInvalid();
    showFailure(result.payload);
    setOtherErrors(others);
    return false;
  });

  const { field } = useFieldProps(form);

  const error = (name: Field) => form.errors[name];
  return (
    <form ref={formRef} className="card project-request__form" onSubmit={onSubmit} noValidate aria-labelledby="project-request-title">
      <p className="project-request__intro">{t('budgetRequest.intro', { name: project.name })}</p>
      {failure && <FormFailure failure={failure} others={otherErrors} />}
      <SiteLocationFields site={site} legend={t('siteLocation.title')} />
      <TextArea
        label={t('budgetRequest.description')}
        description={t('budgetRequest.descriptionHelp')}
        rows={6}
        maxLength={DESCRIPTION_MAX}
        {...field('description')}
      />
      <AttachmentsField queue={queue} label={t('budgetRequest.files')} />
      {error('files') && (
        <p role="alert" className="form-alert">
          {t(error('files') ?? '')}
        </p>
      )}
      <ProjectNameField project={project} value={form.values.projectName} onChange={(value) => form.setValue('projectName', value)} onBlur={() => form.blur('projectName')} error={error('projectName')} />
      {waitForFiles && queue.isUploading && (
        <p role="alert" className="form-alert">
          {t('projectRequests.waitForFiles')}
        </p>
      )}
      <RequestFormActions project={project} submitKey="budgetRequest.submit" pending={pending} />
    </form>
  );
}

/** The request read back (info-project-budget): the project's lines and the files as the brand received them. */
function SentBudgetRequest({ id }: { id: number }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const lang = useAppSelector((state) => state.preferences.lang);
  const [info] = useRemote<BudgetRequestInfo>(`${id}|${lang}`, () => dispatch(loadBudgetRequestInfo({ id, lang })).unwrap());
  // The request is sent whatever this read says: a failure only leaves the summary out.
  if (info.status !== 'ready') return null;
  return (
    <section className="card project-request__received" aria-labelledby="project-request-received">
      <h2 id="project-request-received">{t('projectRequests.received')}</h2>
      <ProjectSnapshotLines project={info.data.project} />
      {info.data.files.length > 0 && (
        <p className="project-request__files">{t('projectRequests.receivedFiles', { count: info.data.files.length, names: info.data.files.map((file) => file.name).join(', ') })}</p>
      )}
    </section>
  );
}

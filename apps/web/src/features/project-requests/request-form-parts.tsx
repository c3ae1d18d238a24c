import type { FieldError, Project, RequestSummary, SupportRequestCreated } from '@lumen/contracts';
import { PROJECT_STATUS } from '@lumen/contracts/constants';
import { MAX_LENGTH, titleIssue } from '@lumen/domain';
import { Button, TextField } from '@lumen/ui';
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { projectPagePath } from './request-paths';
import './project-requests.css';

/**
 * After a failed submit, the first field that needs the user takes the focus (a long form: it may
 * be out of view), once its message is drawn and the button has left its pending state.
 */
export function useFocusFirstInvalid(formRef: RefObject<HTMLFormElement | null>) {
  const [request, setRequest] = useState(0);
  useEffect(() => {
    if (request > 0) formRef.current?.querySelector<HTMLElement>('.lm-field[data-invalid] :is(input, textarea, button)')?.focus();
  }, [request, formRef]);
  return () => setRequest((value) => value + 1);
}

/**
 * A 400's fields: those a form shows beside its own fields (`body.description` → description), and
 * the messages of the others (`body.project`: an empty project), which it shows above.
 */
export function fieldsOf<F extends string>(
  fields: readonly FieldError[] | undefined,
  fieldOfPath: Readonly<Record<string, F>>,
  translatable: (key: string) => boolean,
): { found: Partial<Record<F, string>>; others: string[] } {
  const found: Partial<Record<F, string>> = {};
  const others: string[] = [];
  for (const { path, message } of fields ?? []) {
    const field = fieldOfPath[path] ?? (path.startsWith('body.files.') ? fieldOfPath['body.files'] : undefined);
    const key = translatable(message) ? message : 'formError.invalid';
    if (field) found[field] ??= key;
    else if (!path.startsWith('body.siteLocation.') && translatable(message) && !others.includes(message)) others.push(message);
  }
  return { found, others };
}

/** The project name as a rename (spec §5 title rules, the domain's titleIssue); null when fine. */
export function projectNameError(value: string): string | null {
  const issue = titleIssue(value, MAX_LENGTH.projectTitle);
  if (issue === null) return null;
  if (issue === 'formError.required') return 'projects.form.required';
  if (issue === 'formError.maxLength') return 'projects.form.nameTooLong';
  return 'projects.form.pattern';
}

/** Whether the request may rename the project: the api renames only a project in edition that the user may edit. */
export function mayRename(project: Project): boolean {
  return project.status === PROJECT_STATUS.EDITION && project.permissions.edit;
}

/**
 * The project's name, sent as `changeProjectName` when the user changed it (the request renames the
 * project in the same transaction). Read-only when the project may not be renamed.
 */
export function ProjectNameField({ project, value, onChange, onBlur, error }: { project: Project; value: string; onChange: (value: string) => void; onBlur: () => void; error: string | undefined }) {
  const { t } = useTranslation();
  if (!mayRename(project)) return <TextField label={t('projects.form.name')} name="projectName" value={project.name} isReadOnly description={t('projectRequests.name.readOnly')} />;
  return (
    <TextField
      label={t('projects.form.name')}
      name="projectName"
      isRequired
      description={t('projectRequests.name.hint')}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      isInvalid={Boolean(error)}
      errorMessage={error ? t(error) : undefined}
    />
  );
}

/** The frame of a request screen: breadcrumbs back to the project, the title, the project's name. */
export function RequestScreen({ project, titleKey, children }: { project: Project; titleKey: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="page page--narrow project-request" aria-labelledby="project-request-title">
      <nav className="project-request__crumbs" aria-label={t('projectRequests.crumbs')}>
        <Link className="text-link" to={projectPagePath(project.id)}>
          {t('projectRequests.backTo', { name: project.name })}
        </Link>
      </nav>
      <h1 id="project-request-title">{t(titleKey)}</h1>
      {children}
    </section>
  );
}

/** A project without lines cannot be asked about (the api refuses it): say so, and lead back to add products. */
export function EmptyProjectNote({ project }: { project: Project }) {
  const { t } = useTranslation();
  if (project.products.length > 0) return null;
  return (
    <div className="card project-request__note" role="note">
      <p>{t('projectRequests.empty')}</p>
      <Link className="text-link" to={projectPagePath(project.id)}>
        {t('projectRequests.toProject')}
      </Link>
    </div>
  );
}

/** Why a request was not sent, above the form: the message of the failure, and what the api said of fields the form does not show. */
export function FormFailure({ failure, others }: { failure: string; others: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="form-alert">
      <p>{failure}</p>
      {others.length > 0 && (
        <ul className="project-request__other-errors">
          {others.map((key) => (
            <li key={key}>{t(key)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The form's buttons: send, and back to the project without sending. */
export function RequestFormActions({ project, submitKey, pending }: { project: Project; submitKey: string; pending: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="project-request__actions">
      <Button type="submit" isLoading={pending}>
        {t(submitKey)}
      </Button>
      <Link className="lm-button lm-button--ghost project-request__cancel" to={projectPagePath(project.id)}>
        {t('projectRequests.cancel')}
      </Link>
    </div>
  );
}

/**
 * What a sent request shows: its number, where the answer will come, and the way back to the project,
 * where its status and the desk's replies appear. `children`: what the request captured, when read back.
 */
export function RequestSent({ created, kind, email, projectId, children }: { created: SupportRequestCreated; kind: RequestSummary['kind']; email: string; projectId: number; children?: ReactNode }) {
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form the user was in is gone: the focus goes to the confirmation's heading, read first.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="project-request__sent">
      <div role="status" className="form-success">
        <h2 ref={headingRef} tabIndex={-1} className="project-request__sent-title">
          {t(`projectRequests.sent.${kind}`, { number: created.id })}
        </h2>
        <p>{t('projectRequests.sent.body', { email })}</p>
      </div>
      {children}
      <Link className="lm-button lm-button--primary project-request__back" to={projectPagePath(projectId)}>
        {t('projectRequests.sent.back')}
      </Link>
    </div>
  );
}

import { ProjectRegistrationBody, TextAreaText, type Project, type ProjectRegistrationInfo, type SupportRequestCreated } from '@lumen/contracts';
import { PROJECT_STAGES } from '@lumen/contracts/constants';
import { Button, DatePicker, Select, TextArea, TextField } from '@lumen/ui';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { email, useFormState, type Validator } from '../../shared/forms';
import { RequestStatusBadge } from '../../shared/requests';
import { SiteLocationFields, SiteLocationText, useSiteLocation } from '../../shared/site-location';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { LoadingState } from '../../shared/loading-state';
import { useFormSubmit } from '../../shared/use-form-submit';
import { useRemote } from '../../shared/use-remote';
import { useFormat } from '../../i18n/use-format';
import { loadRegistration, registerProject } from './project-requests-calls';
import { registrationReset, selectProjectRequests } from './project-requests-slice';
import { EmptyProjectNote, fieldsOf, FormFailure, RequestFormActions, RequestScreen, useFocusFirstInvalid } from './request-form-parts';

type Field = 'specifierName' | 'specifierEmail' | 'specifierCompany' | 'stage' | 'expectedBidDate' | 'expectedOrderDate' | 'expectedInstallationDate' | 'competitors' | 'notes';
type Stage = (typeof PROJECT_STAGES)[number];

const COMPETITORS_MAX = 500;
const NOTES_MAX = 4000;

/** The contract's rule for one field, as a message key (a length the contract words itself: formError.tooLong). */
function ruleOf(schema: z.ZodType): Validator<Field> {
  return (value) => {
    const result = schema.safeParse(value);
    if (result.success) return null;
    const issue = result.error.issues[0];
    if (issue?.message.startsWith('formError.')) return issue.message === 'formError.maxLength' ? 'formError.tooLong' : issue.message;
    return issue?.code === 'too_big' ? 'formError.tooLong' : 'formError.invalid';
  };
}

const specifier = ProjectRegistrationBody.shape.specifier.shape;
const optionalText = (max: number): Validator<Field> => (value) => {
  if (value.trim() === '') return null;
  if (value.trim().length > max) return 'formError.tooLong';
  return TextAreaText.safeParse(value).success ? null : 'formError.pattern';
};

const VALIDATORS: Readonly<Partial<Record<Field, Validator<Field>>>> = {
  specifierName: ruleOf(specifier.name),
  specifierEmail: email,
  specifierCompany: ruleOf(specifier.company),
  stage: (value) => (value === '' ? 'formError.required' : null),
  expectedOrderDate: (value) => (value === '' ? 'formError.required' : null),
  // ISO dates compare as text.
  expectedInstallationDate: (value, values) => (value !== '' && values.expectedOrderDate !== '' && value < values.expectedOrderDate ? 'formError.dateOrder' : null),
  competitors: optionalText(COMPETITORS_MAX),
  notes: optionalText(NOTES_MAX),
};

const FIELD_OF_PATH: Readonly<Record<string, Field>> = {
  'body.specifier.name': 'specifierName',
  'body.specifier.email': 'specifierEmail',
  'body.specifier.company': 'specifierCompany',
  'body.stage': 'stage',
  'body.expectedBidDate': 'expectedBidDate',
  'body.expectedOrderDate': 'expectedOrderDate',
  'body.expectedInstallationDate': 'expectedInstallationDate',
  'body.competitors': 'competitors',
  'body.notes': 'notes',
};

/** The form's values from a registration (register again starts from the last one). */
function valuesOf(previous: ProjectRegistrationInfo | null): Record<Field, string> {
  return {
    specifierName: previous?.specifier.name ?? '',
    specifierEmail: previous?.specifier.email ?? '',
    specifierCompany: previous?.specifier.company ?? '',
    stage: previous?.stage ?? '',
    expectedBidDate: previous?.expectedBidDate ?? '',
    expectedOrderDate: previous?.expectedOrderDate ?? '',
    expectedInstallationDate: previous?.expectedInstallationDate ?? '',
    competitors: previous?.competitors ?? '',
    notes: previous?.notes ?? '',
  };
}

/**
 * /project/{projectId}/registration-usa (spec §2 project.registration, §4 completed flag and reset;
 * issue 11 §4): a registered project shows its latest registration (completed) and "Register again",
 * which resets the flag and opens the form with the last registration's answers; an unregistered one
 * shows the form. The form asks what a manufacturer's representative needs to protect the project.
 */
export function RegistrationUsaScreen({ project }: { project: Project }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const lang = useAppSelector((state) => state.preferences.lang);
  const completed = useAppSelector((state) => selectProjectRequests(state).registrationCompleted[project.id]);
  // Bumped after a registration: the latest one is read again, as the api keeps it.
  const [round, setRound] = useState(0);
  const [justSent, setJustSent] = useState<SupportRequestCreated | null>(null);
  const [latest, reload] = useRemote(`${project.id}|${lang}|${round}`, () => dispatch(loadRegistration({ projectId: project.id, lang })).unwrap());

  let body;
  if (latest.status === 'loading') body = <LoadingState />;
  else if (latest.status === 'failed')
    body = (
      <div className="card project-request__note" role="alert">
        <p>{t('registration.loadFailed')}</p>
        <Button variant="secondary" onPress={reload}>
          {t('siteLocation.retry')}
        </Button>
      </div>
    );
  else if (completed && latest.status === 'ready' && latest.data)
    body = <RegistrationCompleted registration={latest.data} justSent={justSent} onRegisterAgain={() => dispatch(registrationReset(project.id))} />;
  else if (project.products.length === 0) body = <EmptyProjectNote project={project} />;
  else
    body = (
      <RegistrationForm
        key={latest.status === 'ready' ? (latest.data?.id ?? 'new') : 'new'}
        project={project}
        previous={latest.status === 'ready' ? latest.data : null}
        onSent={(created) => {
          setJustSent(created);
          setRound((value) => value + 1);
        }}
      />
    );
  return (
    <RequestScreen project={project} titleKey="registration.title">
      {body}
    </RequestScreen>
  );
}

function RegistrationCompleted({ registration, justSent, onRegisterAgain }: { registration: ProjectRegistrationInfo; justSent: SupportRequestCreated | null; onRegisterAgain: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const day = (iso: string | null) => (iso ? format.date(`${iso}T12:00:00`, { dateStyle: 'long' }) : '—');
  const facts: [string, string][] = [
    [t('registration.field.specifier'), `${registration.specifier.name} · ${registration.specifier.email} · ${registration.specifier.company}`],
    [t('registration.field.stage'), t(`registration.stage.${registration.stage}`)],
    [t('registration.field.bidDate'), day(registration.expectedBidDate)],
    [t('registration.field.orderDate'), day(registration.expectedOrderDate)],
    [t('registration.field.installationDate'), day(registration.expectedInstallationDate)],
    ...(registration.competitors ? [[t('registration.field.competitors'), registration.competitors] as [string, string]] : []),
    ...(registration.notes ? [[t('registration.field.notes'), registration.notes] as [string, string]] : []),
  ];
  return (
    <div className="project-request__completed">
      {justSent && (
        <p role="status" className="form-success">
          {t('projectRequests.sent.project-registration-usa', { number: justSent.id })}
        </p>
      )}
      <section className="card" aria-labelledby="registration-completed-title">
        <div className="project-request__completed-header">
          <h2 id="registration-completed-title">{t('registration.completed.title')}</h2>
          <RequestStatusBadge status={registration.status} />
        </div>
        <p>{t('registration.completed.text', { number: registration.id, date: format.date(registration.createdAt, { dateStyle: 'long' }) })}</p>
        <dl className="project-request__facts">
          <div>
            <dt>{t('siteLocation.title')}</dt>
            <dd>
              <SiteLocationText site={registration.siteLocation} catalogId={21} />
            </dd>
          </div>
          {facts.map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <Button variant="secondary" onPress={onRegisterAgain}>
          {t('registration.completed.again')}
        </Button>
      </section>
    </div>
  );
}

function RegistrationForm({ project, previous, onSent }: { project: Project; previous: ProjectRegistrationInfo | null; onSent: (created: SupportRequestCreated) => void }) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const lang = useAppSelector((state) => state.preferences.lang);
  const form = useFormState<Field>(valuesOf(previous), VALIDATORS);
  const site = useSiteLocation({ catalogId: 21, initial: previous ? { country: previous.siteLocation.country, region: previous.siteLocation.region ?? '', city: previous.siteLocation.city ?? '' } : { country: 'US' } });
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);

  const checkFields = () => {
    const siteValid = site.validate();
    const valid = form.validateAll() && siteValid;
    if (!valid) focusFirstInvalid();
    return valid;
  };

  const { pending, failure, showFailure, onSubmit } = useFormSubmit(checkFields, async () => {
    const v = form.values;
    const optional = (field: Field) => (v[field].trim() === '' ? undefined : v[field].trim());
    const bid = optional('expectedBidDate');
    const installation = optional('expectedInstallationDate');
    const competitors = optional('competitors');
    const notes = optional('notes');
    const result = await dispatch(
      registerProject({
        catalogId: 21,
        lang,
        project: project.id,
        siteLocation: site.value(),
        specifier: { name: v.specifierName.trim(), email: v.specifierEmail.trim(), company: v.specifierCompany.trim() },
        stage: v.stage as Stage,
        expectedOrderDate: v.expectedOrderDate,
        ...(bid === undefined ? {} : { expectedBidDate: bid }),
        ...(installation === undefined ? {} : { expectedInstallationDate: installation }),
        ...(competitors === undefined ? {} : { competitors }),
        ...(notes === undefined ? {} : { notes }),
      }),
    );
    if (registerProject.fulfilled.match(result)) {
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

  const invalid = (field: Field) => {
    const error = form.errors[field];
    return { isInvalid: Boolean(error), errorMessage: error ? t(error) : undefined };
  };
  const text = (field: Field) => ({
    name: field,
    value: form.values[field],
    onChange: (value: string) => form.setValue(field, value),
    onBlur: () => form.blur(field),
    ...invalid(field),
  });
  const date = (field: Field) => ({
    name: field,
    value: form.values[field] || null,
    onChange: (value: string | null) => form.setValue(field, value ?? ''),
    ...invalid(field),
  });

  return (
    <form ref={formRef} className="card project-request__form" onSubmit={onSubmit} noValidate aria-labelledby="project-request-title">
      <p className="project-request__intro">{t(previous ? 'registration.introAgain' : 'registration.intro', { name: project.name })}</p>
      {failure && <FormFailure failure={failure} others={otherErrors} />}
      <fieldset className="project-request__group">
        <legend>{t('registration.specifier.title')}</legend>
        <p className="project-request__hint">{t('registration.specifier.hint')}</p>
        <div className="project-request__grid">
          <TextField label={t('registration.specifier.name')} autoComplete="off" isRequired {...text('specifierName')} />
          <TextField label={t('registration.specifier.email')} type="email" autoComplete="off" isRequired {...text('specifierEmail')} />
          <TextField label={t('registration.specifier.company')} autoComplete="off" isRequired {...text('specifierCompany')} />
        </div>
      </fieldset>
      <SiteLocationFields site={site} legend={t('siteLocation.title')} />
      <fieldset className="project-request__group">
        <legend>{t('registration.schedule.title')}</legend>
        <div className="project-request__grid">
          <Select<Stage>
            label={t('registration.field.stage')}
            name="stage"
            isRequired
            placeholder={t('common.choose')}
            options={PROJECT_STAGES.map((stage) => ({ value: stage, label: t(`registration.stage.${stage}`) }))}
            value={(form.values.stage as Stage) || null}
            onChange={(value) => form.setValue('stage', value)}
            {...invalid('stage')}
          />
          <DatePicker label={t('registration.field.bidDate')} description={t('siteLocation.optional')} {...date('expectedBidDate')} />
          <DatePicker label={t('registration.field.orderDate')} isRequired {...date('expectedOrderDate')} />
          <DatePicker
            label={t('registration.field.installationDate')}
            description={t('siteLocation.optional')}
            {...(form.values.expectedOrderDate ? { minValue: form.values.expectedOrderDate } : {})}
            {...date('expectedInstallationDate')}
          />
        </div>
      </fieldset>
      <TextArea label={t('registration.field.competitors')} description={t('registration.competitorsHelp')} rows={3} maxLength={COMPETITORS_MAX} {...text('competitors')} />
      <TextArea label={t('registration.field.notes')} description={t('registration.notesHelp')} rows={4} maxLength={NOTES_MAX} {...text('notes')} />
      <RequestFormActions project={project} submitKey="registration.submit" pending={pending} />
    </form>
  );
}

import { Email, QuotePersonName, QuotePurchaser, type BudgetPayload, type Country, type FieldError, type Quote } from '@lumen/contracts';
import { Button, TextField } from '@lumen/ui';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFailureMessage } from '../../shared/error-message';
import { useFormState, type Validator } from '../../shared/forms';
import { LoadingState } from '../../shared/loading-state';
import { SiteLocationFields, useSiteLocation, type SiteLocationState } from '../../shared/site-location';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { useRemote } from '../../shared/use-remote';
import { formatMoney } from '../../i18n/format';
import { useFormat } from '../../i18n/use-format';
import { attributesText } from './budget-lines';
import { downloadQuoteDocument, issueFinalQuote, loadBudgetPayload, type UsFinalQuoteRequest } from './budgets-calls';
import { LineIdentity, QuoteTotals } from './quote-parts';
import { useAttemptKey } from '../../shared/use-attempt-key';
import './budgets.css';

const projectPath = (projectId: number) => `/project/${projectId}`;

type Field = 'budgetAlias' | 'specifierEmail' | 'specifierCompany' | 'purchaserName' | 'purchaserEmail' | 'purchaserPhone' | 'purchaserCompany';

const ruleOf =
  (check: (value: string) => { success: boolean; error?: { issues: { message: string }[] } }, isRequired: boolean): Validator<Field> =>
  (value) => {
    if (value.trim() === '') return isRequired ? 'formError.required' : null;
    const result = check(value.trim());
    if (result.success) return null;
    const message = result.error?.issues[0]?.message ?? '';
    return message.startsWith('formError.') ? message : 'formError.invalid';
  };

const VALIDATORS: Readonly<Record<Field, Validator<Field>>> = {
  budgetAlias: ruleOf((value) => QuotePersonName.safeParse(value), true),
  specifierEmail: ruleOf((value) => Email.safeParse(value), true),
  specifierCompany: ruleOf((value) => QuotePersonName.safeParse(value), true),
  purchaserName: ruleOf((value) => QuotePurchaser.shape.name.safeParse(value), true),
  purchaserEmail: ruleOf((value) => Email.safeParse(value), true),
  purchaserPhone: ruleOf((value) => QuotePurchaser.shape.phone.safeParse(value), false),
  purchaserCompany: ruleOf((value) => QuotePurchaser.shape.companyName.safeParse(value), false),
};

const FIELD_OF_PATH: Readonly<Record<string, Field>> = {
  'body.budgetAlias': 'budgetAlias',
  'body.specifier.email': 'specifierEmail',
  'body.specifier.companyName': 'specifierCompany',
  'body.purchaser.name': 'purchaserName',
  'body.purchaser.email': 'purchaserEmail',
  'body.purchaser.phone': 'purchaserPhone',
  'body.purchaser.companyName': 'purchaserCompany',
};

/** A 400 about the geography, shown beside the site fields. */
function siteFieldsOf(fields: readonly FieldError[]): FieldError[] {
  const site: Record<string, string> = { country: 'body.siteLocation.country', state: 'body.siteLocation.region', city: 'body.siteLocation.city' };
  return fields.flatMap(({ path, message }) => {
    const place = /^body\.(country|state|city)(\.|$)/.exec(path)?.[1];
    return place ? [{ path: site[place] ?? path, message }] : [];
  });
}


/**
 * The country, state and city of the project from the masters geography: the country and the state by
 * their GeoNames ids (spec §3), the city as typed (the masters list no cities) (apps/web README,
 * "Budgets and quotes"). A division the masters carry no id for cannot be sent (every US state has one).
 */
function places(site: SiteLocationState): Pick<UsFinalQuoteRequest, 'country' | 'state' | 'city'> | null {
  if (site.countries.status !== 'ready') return null;
  const country: Country | undefined = site.countries.data.find((candidate) => candidate.isoCode === site.values.country);
  const region = site.regions?.status === 'ready' ? site.regions.data.find((candidate) => candidate.id === site.values.region) : undefined;
  if (!country || !region || region.geonameId === null) return null;
  return {
    country: { geonameId: country.geonameId, name: country.name },
    state: { geonameId: region.geonameId, name: region.name },
    city: { name: site.values.city.trim() },
  };
}

/**
 * /project/{projectId}/budget-quotation-usa (spec §2 `project.registration`; §3 US budget; issue 12
 * §4): a quote number generated on arrival, the budget alias, the specifier, the purchaser and the
 * project's country, state and city; issued as the final quote in USD, then its PDF and spreadsheet.
 */
export function BudgetQuotationUsaScreen({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const lang = useAppSelector((state) => state.preferences.lang);
  const [payload, reloadPayload] = useRemote<BudgetPayload>(`${projectId}|${lang}`, () => dispatch(loadBudgetPayload({ projectId, lang })).unwrap());
  if (payload.status === 'loading') return <LoadingState />;
  if (payload.status === 'failed')
    return (
      <section className="page page--narrow" aria-labelledby="usa-quote-title">
        <h1 id="usa-quote-title">{t('budgets.usa.title')}</h1>
        <div className="card" role="alert">
          <p>{t(payload.httpStatus === 404 ? 'budgets.load.notFound' : payload.httpStatus === 403 ? 'budgets.load.forbidden' : 'budgets.load.failed')}</p>
          <div className="budget-actions">
            {payload.httpStatus !== 404 && payload.httpStatus !== 403 && (
              <Button variant="secondary" onPress={reloadPayload}>
                {t('budgets.retry')}
              </Button>
            )}
            <Link className="text-link" to={projectPath(projectId)}>
              {t('budgets.toProject')}
            </Link>
          </div>
        </div>
      </section>
    );
  if (payload.data.catalogId !== 21)
    return (
      <section className="page page--narrow" aria-labelledby="usa-quote-title">
        <h1 id="usa-quote-title">{t('budgets.usa.title')}</h1>
        <p role="note">{t('budgets.usa.onlyUsa')}</p>
        <Link className="text-link" to={projectPath(projectId)}>
          {t('budgets.toProject')}
        </Link>
      </section>
    );
  // The number is taken when the quote is issued, in the issuing transaction (issue 34 §2): opening
  // this page reserves nothing, so a catalogue's numbers of a year have no gaps.
  return <UsaForm payload={payload.data} />;
}

function UsaForm({ payload }: { payload: BudgetPayload }) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const format = useFormat();
  const failureMessage = useFailureMessage();
  const lang = useAppSelector((state) => state.preferences.lang);
  const form = useFormState<Field>(
    { budgetAlias: payload.projectName.slice(0, 100), specifierEmail: '', specifierCompany: '', purchaserName: '', purchaserEmail: '', purchaserPhone: '', purchaserCompany: '' },
    VALIDATORS,
  );
  const site = useSiteLocation({ catalogId: 21, initial: { country: 'US' }, cityRequired: true });
  const attempt = useAttemptKey();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [issued, setIssued] = useState<Quote | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const issuedRef = useRef<HTMLDivElement>(null);
  const money = (value: number) => formatMoney(value, payload.currency);

  const focusFirstInvalid = () => requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('.lm-field[data-invalid] :is(input, textarea, button)')?.focus());

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    setFailure(null);
    // Both checked, so that every message shows at once.
    const siteValid = site.validate();
    const valid = form.validateAll() && siteValid;
    const where = places(site);
    if (!valid || !where) {
      focusFirstInvalid();
      return;
    }
    const value = (field: Field) => form.values[field].trim();
    const body: UsFinalQuoteRequest = {
      isFinalQuote: true,
      projectId: payload.projectId,
      lang,
      budgetAlias: value('budgetAlias'),
      specifier: { email: value('specifierEmail'), companyName: value('specifierCompany') },
      purchaser: {
        name: value('purchaserName'),
        email: value('purchaserEmail'),
        ...(value('purchaserPhone') ? { phone: value('purchaserPhone') } : {}),
        ...(value('purchaserCompany') ? { companyName: value('purchaserCompany') } : {}),
      },
      clientName: value('purchaserName'),
      ...where,
    };
    setPending(true);
    const result = await dispatch(issueFinalQuote({ body, idempotencyKey: attempt.keyFor(body) }));
    setPending(false);
    if (issueFinalQuote.fulfilled.match(result)) {
      attempt.done();
      setIssued(result.payload);
      requestAnimationFrame(() => issuedRef.current?.focus());
      return;
    }
    const fields = result.payload?.error.fields ?? [];
    let shown = false;
    for (const { path, message } of fields) {
      const field = FIELD_OF_PATH[path];
      if (field) {
        form.setError(field, i18n.exists(message) ? message : 'formError.invalid');
        shown = true;
      }
    }
    if (site.showServerErrors(siteFieldsOf(fields), (key) => i18n.exists(key))) shown = true;
    if (shown) focusFirstInvalid();
    setFailure(failureMessage(result.payload));
  }

  const field = (name: Field, labelKey: string, options: { isRequired?: boolean; type?: 'email' | 'tel'; autoComplete?: string; description?: string } = {}) => (
    <TextField
      label={t(labelKey)}
      name={name}
      type={options.type ?? 'text'}
      autoComplete={options.autoComplete ?? 'off'}
      isRequired={options.isRequired ?? false}
      description={options.description}
      value={form.values[name]}
      onChange={(value) => form.setValue(name, value)}
      onBlur={() => form.blur(name)}
      isInvalid={Boolean(form.errors[name])}
      errorMessage={form.errors[name] ? t(form.errors[name] ?? '') : undefined}
    />
  );

  if (issued)
    return (
      <section className="page page--narrow budget" aria-labelledby="usa-quote-title">
        <div ref={issuedRef} tabIndex={-1} className="card budget-outcome" role="status">
          <h1 id="usa-quote-title">{t('budgets.usa.issued', { number: issued.budgetNumber })}</h1>
          <p>{t('budgets.usa.issuedText', { total: money(issued.totalNet), date: format.date(`${issued.validationDate}T12:00:00`) })}</p>
          <div className="budget-actions">
            <Button onPress={() => void dispatch(downloadQuoteDocument({ quoteId: issued.id, budgetNumber: issued.budgetNumber, kind: 'pdf', lang }))}>{t('budgets.download.pdf')}</Button>
            <Button variant="secondary" onPress={() => void dispatch(downloadQuoteDocument({ quoteId: issued.id, budgetNumber: issued.budgetNumber, kind: 'xlsx', lang }))}>
              {t('budgets.download.xlsx')}
            </Button>
            <Link className="text-link" to={projectPath(payload.projectId)}>
              {t('budgets.toProject')}
            </Link>
          </div>
        </div>
      </section>
    );

  return (
    <section className="page budget" aria-labelledby="usa-quote-title">
      <nav className="budget__crumbs" aria-label={t('budgets.crumbs')}>
        <Link className="text-link" to={projectPath(payload.projectId)}>
          {payload.projectName}
        </Link>
      </nav>
      <header className="budget__header">
        <h1 id="usa-quote-title">{t('budgets.usa.title')}</h1>
        <p className="budget__facts">
          <span>
            {t('budgets.usa.numberAtIssue')}
          </span>
          <span>{t('budgets.currency', { currency: payload.currency })}</span>
          <span>{t('budgets.validity', { days: payload.validityDays, date: format.date(`${payload.validationDate}T12:00:00`) })}</span>
        </p>
      </header>
      {payload.products.length === 0 ? (
        <div className="card budget-empty" role="note">
          <p>{t('budgets.noLines')}</p>
          <Link className="text-link" to={projectPath(payload.projectId)}>
            {t('budgets.toProject')}
          </Link>
        </div>
      ) : (
        <form ref={formRef} className="budget__form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="usa-quote-title">
          {failure && (
            <p role="alert" className="form-alert">
              {failure}
            </p>
          )}
          <fieldset className="card budget-usa__group">
            <legend>{t('budgets.usa.quote')}</legend>
            {field('budgetAlias', 'budgets.usa.alias', { isRequired: true, description: t('budgets.usa.aliasHelp') })}
          </fieldset>
          <fieldset className="card budget-usa__group">
            <legend>{t('budgets.usa.specifier')}</legend>
            <div className="budget-usa__grid">
              {field('specifierEmail', 'budgets.usa.specifierEmail', { isRequired: true, type: 'email' })}
              {field('specifierCompany', 'budgets.usa.specifierCompany', { isRequired: true })}
            </div>
          </fieldset>
          <fieldset className="card budget-usa__group">
            <legend>{t('budgets.usa.purchaser')}</legend>
            <div className="budget-usa__grid">
              {field('purchaserName', 'budgets.usa.purchaserName', { isRequired: true })}
              {field('purchaserEmail', 'budgets.usa.purchaserEmail', { isRequired: true, type: 'email' })}
              {field('purchaserPhone', 'budgets.usa.purchaserPhone', { type: 'tel' })}
              {field('purchaserCompany', 'budgets.usa.purchaserCompany')}
            </div>
          </fieldset>
          <div className="card budget-usa__group">
            <SiteLocationFields site={site} legend={t('budgets.usa.location')} />
          </div>
          <section className="card budget__lines" aria-labelledby="usa-lines-title">
            <h2 id="usa-lines-title">{t('budgets.lines.title', { count: payload.products.length })}</h2>
            <ul className="budget-usa__lines">
              {payload.products.map((line) => (
                <li key={line._id}>
                  <span className="budget-usa__line-text">
                    <LineIdentity line={line} attributes={attributesText(line, payload.currency, i18n.language)} />
                  </span>
                  <span className="budget-usa__line-figures">
                    {/* List price, discount and net, so that the line's arithmetic reads true (issue 34 §2). */}
                    {line.discount > 0
                      ? t('budgets.usa.lineWithDiscount', { quantity: format.number(line.quantity), unit: money(line.unitPvp), discount: format.number(line.discount / 100, { style: 'percent', maximumFractionDigits: 2 }), net: money(line.netPrice) })
                      : t('budgets.usa.line', { quantity: format.number(line.quantity), unit: money(line.unitPvp), net: money(line.netPrice) })}
                  </span>
                </li>
              ))}
            </ul>
            <QuoteTotals
              totals={{ subTotal: payload.subTotalNet, discountValue: payload.discountValue, surchargeValue: payload.surchargeValue, ivaValue: payload.ivaValue, netTotal: payload.totalNet }}
              percents={{ discount: payload.discount, surcharge: payload.surcharge, iva: payload.iva }}
              currency={payload.currency}
            />
          </section>
          <div className="budget-actions">
            <Button type="submit" isLoading={pending}>
              {t('budgets.usa.submit')}
            </Button>
            <Link className="text-link" to={projectPath(payload.projectId)}>
              {t('budgets.cancel')}
            </Link>
          </div>
        </form>
      )}
    </section>
  );
}

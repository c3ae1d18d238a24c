import type { Lang } from '@lumen/contracts';
import { LANGS } from '@lumen/contracts/constants';
import { useId, useState, type ReactNode } from 'react';
import { Autocomplete } from '../Autocomplete/Autocomplete';
import { Button } from '../Button/Button';
import { Card } from '../Card/Card';
import { DataTable, type DataTableColumn } from '../DataTable/DataTable';
import { DatePicker } from '../DatePicker/DatePicker';
import { EmptyState } from '../EmptyState/EmptyState';
import { Dropdown } from '../Dropdown/Dropdown';
import { FileDropZone } from '../FileDropZone/FileDropZone';
import { Grid, GridItem } from '../Grid/Grid';
import { Icon, ICON_NAMES } from '../Icon/Icon';
import { useWidgetsTranslation } from '../i18n/use-widgets-translation';
import { Modal } from '../Modal/Modal';
import { PageHeader } from '../PageHeader/PageHeader';
import { PasswordField } from '../PasswordField/PasswordField';
import { ProgressBar } from '../ProgressBar/ProgressBar';
import { QuantitySelector } from '../QuantitySelector/QuantitySelector';
import { Select } from '../Select/Select';
import { Skeleton, SkeletonGroup } from '../Skeleton/Skeleton';
import { Stat, StatList } from '../Stat/Stat';
import { Stepper } from '../Stepper/Stepper';
import { Tab, TabList, TabPanel, TabsGroup } from '../Tabs/Tabs';
import { TextArea } from '../TextArea/TextArea';
import { TextField } from '../TextField/TextField';
import { ThemeToggle } from '../ThemeToggle/ThemeToggle';
import { Toolbar } from '../Toolbar/Toolbar';
import { Tooltip } from '../Tooltip/Tooltip';
import type { Theme } from '../theme/theme';
import { PALETTE, SPACING, type PaletteColor } from '../tokens/tokens';

/** Product collections: proper names, the same in every language. */
const COLLECTIONS = ['Algorithm', 'North', 'Skan', 'Wireflow', 'Aura', 'Nest'].map((name) => ({ value: name.toLowerCase(), label: name }));

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="lm-gallery__section" aria-labelledby={id}>
      <h2 id={id} className="lm-gallery__heading">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Row({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <div className="lm-gallery__row">
      <p className="lm-gallery__caption">{caption}</p>
      <div className="lm-gallery__items">{children}</div>
    </div>
  );
}

function isWeekend(iso: string): boolean {
  const day = new Date(`${iso}T12:00:00Z`).getUTCDay();
  return day === 0 || day === 6;
}

function ModalsDemo() {
  const { t } = useWidgetsTranslation();
  const [open, setOpen] = useState<'default' | 'large' | 'locked' | 'full' | null>(null);
  const [catalogue, setCatalogue] = useState<string | null>(null);
  const close = () => setOpen(null);
  return (
    <Section title={t('gallery.modals')}>
      <div className="lm-gallery__items">
        <Button variant="secondary" onPress={() => setOpen('default')}>
          {t('gallery.modal.open')}
        </Button>
        <Button variant="secondary" onPress={() => setOpen('large')}>
          {t('gallery.modal.openLarge')}
        </Button>
        <Button variant="secondary" onPress={() => setOpen('locked')}>
          {t('gallery.modal.openLocked')}
        </Button>
        <Button variant="secondary" onPress={() => setOpen('full')}>
          {t('gallery.modal.openFullScreen')}
        </Button>
      </div>
      <Modal
        isOpen={open === 'default' || open === 'large' || open === 'full'}
        onClose={close}
        title={t('gallery.modal.title')}
        size={open === 'large' ? 'large' : 'default'}
        fullScreenOnSmall={open === 'full'}
        footer={
          <>
            <Button variant="secondary" onPress={close}>
              {t('gallery.button.cancel')}
            </Button>
            <Button onPress={close}>{t('gallery.modal.confirm')}</Button>
          </>
        }
      >
        <p>{t('gallery.modal.body')}</p>
        <div className="lm-gallery__stack">
          <TextField label={t('gallery.field.name')} isRequired />
          <Select
            label={t('gallery.select.catalogue')}
            value={catalogue}
            onChange={setCatalogue}
            options={[
              { value: '16', label: t('gallery.select.international') },
              { value: '21', label: t('gallery.select.unitedStates') },
            ]}
          />
        </div>
      </Modal>
      <Modal
        isOpen={open === 'locked'}
        onClose={close}
        title={t('gallery.modal.title')}
        isDismissable={false}
        role="alertdialog"
        footer={<Button onPress={close}>{t('gallery.modal.confirm')}</Button>}
      >
        <p>{t('gallery.modal.lockedBody')}</p>
      </Modal>
    </Section>
  );
}

function FieldsDemo() {
  const { t } = useWidgetsTranslation();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  return (
    <Section title={t('gallery.fields')}>
      <Grid>
        <GridItem span={{ sm: 12, md: 6, lg: 4 }}>
          <TextField label={t('gallery.field.name')} isRequired value={name} onChange={setName} description={t('gallery.field.requiredHelp')} />
        </GridItem>
        <GridItem span={{ sm: 12, md: 6, lg: 4 }}>
          <TextField label={t('gallery.field.email')} type="email" isRequired value={email} onChange={setEmail} autoComplete="email" />
        </GridItem>
        <GridItem span={{ sm: 12, md: 6, lg: 4 }}>
          <TextField label={t('gallery.field.company')} defaultValue="Lumen Pro" />
        </GridItem>
        <GridItem span={{ sm: 12, md: 6, lg: 4 }}>
          <TextField label={t('gallery.field.project')} defaultValue="Hotel Miramar" isInvalid errorMessage={t('gallery.field.taken')} />
        </GridItem>
        <GridItem span={{ sm: 12, md: 6, lg: 4 }}>
          <TextField label={t('gallery.field.reference')} defaultValue="0755A1" isDisabled />
        </GridItem>
        <GridItem span={{ sm: 12, md: 6, lg: 4 }}>
          <PasswordField label={t('gallery.field.password')} isRequired autoComplete="new-password" />
        </GridItem>
        <GridItem span={{ sm: 12, md: 6 }}>
          <TextArea label={t('gallery.field.comment')} />
        </GridItem>
        <GridItem span={{ sm: 12, md: 6 }}>
          <TextArea label={t('gallery.field.notes')} maxLength={40} defaultValue={t('gallery.field.notesValue')} isRequired />
        </GridItem>
      </Grid>
    </Section>
  );
}

function ChoicesDemo() {
  const { t } = useWidgetsTranslation();
  const [catalogue, setCatalogue] = useState<string | null>(null);
  const [filled, setFilled] = useState<string | null>('16');
  const [collection, setCollection] = useState<string | null>(null);
  const [remote, setRemote] = useState<string | null>(null);
  const options = [
    { value: '16', label: t('gallery.select.international') },
    { value: '21', label: t('gallery.select.unitedStates') },
  ];
  return (
    <Section title={t('gallery.choices')}>
      <Grid>
        <GridItem span={{ sm: 12, md: 6, lg: 3 }}>
          <Select label={t('gallery.select.catalogue')} options={options} value={catalogue} onChange={setCatalogue} />
        </GridItem>
        <GridItem span={{ sm: 12, md: 6, lg: 3 }}>
          <Select label={t('gallery.select.catalogueFilled')} options={options} value={filled} onChange={setFilled} />
        </GridItem>
        <GridItem span={{ sm: 12, md: 6, lg: 3 }}>
          <Select label={t('gallery.select.catalogueInvalid')} options={options} value={null} onChange={() => undefined} isRequired isInvalid errorMessage={t('gallery.select.chooseError')} />
        </GridItem>
        <GridItem span={{ sm: 12, md: 6, lg: 3 }}>
          <Select label={t('gallery.select.catalogueDisabled')} options={options} value="21" onChange={() => undefined} isDisabled />
        </GridItem>
        <GridItem span={{ sm: 12, md: 6, lg: 4 }}>
          <Autocomplete label={t('gallery.autocomplete.collection')} options={COLLECTIONS} value={collection} onChange={setCollection} />
        </GridItem>
        <GridItem span={{ sm: 12, md: 6, lg: 4 }}>
          <Autocomplete label={t('gallery.autocomplete.loading')} options={[]} value={remote} onChange={setRemote} onInputChange={() => undefined} isLoading />
        </GridItem>
        <GridItem span={{ sm: 12, md: 6, lg: 4 }}>
          <Autocomplete label={t('gallery.autocomplete.empty')} options={[]} value={null} onChange={() => undefined} />
        </GridItem>
      </Grid>
    </Section>
  );
}

function DatesDemo() {
  const { t } = useWidgetsTranslation();
  const [dates, setDates] = useState<Partial<Record<Lang, string | null>>>({});
  const [weekday, setWeekday] = useState<string | null>(null);
  return (
    <Section title={t('gallery.datePickers')}>
      <Grid>
        {LANGS.map((lang) => (
          <GridItem key={lang} span={{ sm: 12, md: 6, lg: 4 }}>
            <DatePicker
              label={t('gallery.date.delivery', { lang })}
              lang={lang}
              value={dates[lang] ?? null}
              onChange={(value) => setDates((previous) => ({ ...previous, [lang]: value }))}
            />
          </GridItem>
        ))}
        <GridItem span={{ sm: 12, md: 6, lg: 4 }}>
          <DatePicker label={t('gallery.date.weekdays')} value={weekday} onChange={setWeekday} isDateDisabled={isWeekend} description={t('gallery.date.weekdaysHelp')} />
        </GridItem>
        <GridItem span={{ sm: 12, md: 6, lg: 4 }}>
          <DatePicker label={t('gallery.date.invalid')} value={null} onChange={() => undefined} isRequired isInvalid errorMessage={t('gallery.date.invalidHelp')} />
        </GridItem>
        <GridItem span={{ sm: 12, md: 6, lg: 4 }}>
          <DatePicker label={t('gallery.date.disabled')} value="2026-01-15" onChange={() => undefined} isDisabled />
        </GridItem>
      </Grid>
    </Section>
  );
}

function ActionsDemo() {
  const { t } = useWidgetsTranslation();
  const [sending, setSending] = useState(false);
  const [lastAction, setLastAction] = useState<string | null>(null);
  return (
    <>
      <Section title={t('gallery.buttons')}>
        {(['primary', 'secondary', 'ghost', 'link'] as const).map((variant) => (
          <Row key={variant} caption={t(`gallery.variant.${variant}`)}>
            <Button variant={variant}>{t('gallery.button.save')}</Button>
            <Button variant={variant} isDisabled>
              {t('gallery.state.disabled')}
            </Button>
            <Button variant={variant} isLoading>
              {t('gallery.button.save')}
            </Button>
            <Button variant={variant} size="sm">
              <Icon name="send" size={16} />
              {t('gallery.button.small')}
            </Button>
          </Row>
        ))}
        <Row caption={t('gallery.state.loading')}>
          <Button
            isLoading={sending}
            onPress={() => {
              setSending(true);
              setTimeout(() => setSending(false), 2000);
            }}
          >
            {t('gallery.button.send')}
          </Button>
        </Row>
      </Section>
      <Section title={t('gallery.menus')}>
        <div className="lm-gallery__items">
          <Dropdown
            trigger={
              <>
                <Icon name="user" />
                {t('gallery.dropdown.account')}
              </>
            }
            items={[
              { id: 'profile', label: t('gallery.dropdown.profile'), icon: 'user' },
              { id: 'support', label: t('gallery.dropdown.support'), icon: 'support' },
              { id: 'logout', label: t('gallery.dropdown.logout'), icon: 'logout' },
            ]}
            onAction={(id) => setLastAction(id)}
          />
          <Tooltip content={t('gallery.tooltip.text')}>
            <Button variant="secondary">{t('gallery.tooltip.trigger')}</Button>
          </Tooltip>
        </div>
        <p className="lm-gallery__caption" aria-live="polite">
          {lastAction ? t('gallery.dropdown.lastAction', { action: t(`gallery.dropdown.${lastAction}`) }) : ''}
        </p>
      </Section>
    </>
  );
}

function QuantitiesDemo() {
  const { t } = useWidgetsTranslation();
  return (
    <Section title={t('gallery.quantities')}>
      <div className="lm-gallery__items lm-gallery__items--top">
        <QuantitySelector label={t('gallery.quantity.default')} showLabel defaultValue={3} />
        <QuantitySelector label={t('gallery.quantity.decimal')} showLabel step={0.5} max={10} defaultValue={2.5} />
        <QuantitySelector label={t('gallery.quantity.numeric')} showLabel variant="numeric" max={5} />
        <QuantitySelector label={t('gallery.quantity.disabled')} showLabel defaultValue={2} isDisabled />
      </div>
    </Section>
  );
}

function ProgressDemo() {
  const { t } = useWidgetsTranslation();
  const [linearStep, setLinearStep] = useState(1);
  const [freeStep, setFreeStep] = useState(2);
  const [loading, setLoading] = useState(true);
  const steps = [
    { id: 'project', label: t('gallery.step.project') },
    { id: 'products', label: t('gallery.step.products') },
    { id: 'budget', label: t('gallery.step.budget') },
    { id: 'order', label: t('gallery.step.order') },
  ];
  return (
    <>
      <Section title={t('gallery.steppers')}>
        <Row caption={t('gallery.stepper.linear')}>
          <Stepper steps={steps} activeStep={linearStep} onStepChange={setLinearStep} aria-label={t('gallery.stepper.linear')} />
        </Row>
        <div className="lm-gallery__items">
          <Button variant="secondary" size="sm" isDisabled={linearStep === 0} onPress={() => setLinearStep((s) => s - 1)}>
            {t('gallery.stepper.back')}
          </Button>
          <Button size="sm" isDisabled={linearStep === steps.length - 1} onPress={() => setLinearStep((s) => s + 1)}>
            {t('gallery.stepper.next')}
          </Button>
        </div>
        <Row caption={t('gallery.stepper.nonLinear')}>
          <Stepper steps={steps} activeStep={freeStep} linear={false} onStepChange={setFreeStep} aria-label={t('gallery.stepper.nonLinear')} />
        </Row>
      </Section>
      <Section title={t('gallery.tabs')}>
        <TabsGroup defaultSelectedKey="description">
          <TabList aria-label={t('gallery.tabs')}>
            <Tab id="description">{t('gallery.tab.description')}</Tab>
            <Tab id="documents">{t('gallery.tab.documents')}</Tab>
            <Tab id="archived" isDisabled>
              {t('gallery.tab.archived')}
            </Tab>
          </TabList>
          <TabPanel id="description">{t('gallery.tab.descriptionBody')}</TabPanel>
          <TabPanel id="documents">{t('gallery.tab.documentsBody')}</TabPanel>
          <TabPanel id="archived">{t('gallery.tab.archived')}</TabPanel>
        </TabsGroup>
      </Section>
      <Section title={t('gallery.skeletons')}>
        <div className="lm-gallery__items">
          <Button variant="secondary" size="sm" onPress={() => setLoading((value) => !value)}>
            {t('gallery.skeleton.toggle')}
          </Button>
        </div>
        <SkeletonGroup
          isLoading={loading}
          className="lm-gallery__skeletons"
          skeleton={
            <div className="lm-gallery__items">
              <Skeleton variant="circle" height="3rem" />
              <div className="lm-gallery__grow">
                <Skeleton lines={3} />
              </div>
              <Skeleton variant="rect" width="8rem" height="5rem" />
            </div>
          }
        >
          <p>{t('gallery.skeleton.content')}</p>
        </SkeletonGroup>
      </Section>
      <Section title={t('gallery.dataTable')}>
        <DataTableDemo />
      </Section>
    </>
  );
}

/** The data table in its states: sortable and paged, loading, empty, failed. */
function DataTableDemo() {
  const { t } = useWidgetsTranslation();
  const rows = COLLECTIONS.map((collection, i) => ({ ...collection, models: (i * 7) % 11 + 2 }));
  const columns: DataTableColumn<(typeof rows)[number]>[] = [
    { id: 'name', header: t('gallery.dataTable.collection'), cell: (row) => row.label, sortValue: (row) => row.label, isRowHeader: true },
    { id: 'models', header: t('gallery.dataTable.models'), cell: (row) => row.models, sortValue: (row) => row.models, align: 'end' },
  ];
  return (
    <div className="lm-gallery__tables">
      <DataTable aria-label={t('gallery.dataTable.label')} columns={columns} rows={rows} rowKey={(row) => row.value} pageSize={4} defaultSort={{ column: 'name', direction: 'ascending' }} />
      <DataTable aria-label={t('gallery.dataTable.loading')} columns={columns} rows={[]} rowKey={(row) => row.value} status="loading" />
      <DataTable aria-label={t('gallery.dataTable.empty')} columns={columns} rows={[]} rowKey={(row) => row.value} />
      <DataTable aria-label={t('gallery.dataTable.failed')} columns={columns} rows={[]} rowKey={(row) => row.value} status="error" onRetry={() => {}} />
    </div>
  );
}

/** What a page is made of besides its widgets (the gallery's own header is the PageHeader): card, toolbar, figures, empty state. */
function LayoutDemo() {
  const { t } = useWidgetsTranslation();
  return (
    <Section title={t('gallery.layout')}>
      <Row caption={t('gallery.layout.card')}>
        <Card title={t('gallery.layout.cardTitle')} headingLevel={3} actions={<a href="#top">{t('gallery.layout.cardAll')}</a>}>
          <p>{t('gallery.layout.cardBody')}</p>
        </Card>
      </Row>
      <Row caption={t('gallery.layout.toolbar')}>
        <Toolbar aria-label={t('gallery.layout.toolbarLabel')}>
          <TextField type="search" label={t('gallery.layout.search')} />
          <Button variant="secondary">{t('gallery.layout.apply')}</Button>
        </Toolbar>
      </Row>
      <Row caption={t('gallery.layout.stats')}>
        <StatList>
          <Stat label={t('gallery.layout.openQuotes')} value={3} size="lg" />
          <Stat label={t('gallery.layout.leadTime')} value={t('gallery.layout.leadTimeValue')} />
        </StatList>
      </Row>
      <Row caption={t('gallery.layout.empty')}>
        <EmptyState icon="info" action={<Button variant="secondary" size="sm">{t('gallery.layout.emptyAction')}</Button>}>
          <p>{t('gallery.layout.emptyText')}</p>
        </EmptyState>
      </Row>
    </Section>
  );
}

function FilesDemo() {
  const { t } = useWidgetsTranslation();
  const [chosen, setChosen] = useState<string[]>([]);
  return (
    <Section title={t('gallery.files')}>
      <Row caption={t('gallery.files.dropZone')}>
        <div className="lm-gallery__stack">
          <FileDropZone label={t('gallery.files.dropZone')} description={t('gallery.files.accepted')} acceptedFileTypes={['.pdf', '.txt']} onFiles={(files) => setChosen(files.map((file) => file.name))} />
          <p role="status">{chosen.length > 0 ? t('gallery.files.chosen', { names: chosen.join(', ') }) : ''}</p>
        </div>
      </Row>
      <Row caption={t('gallery.files.progress')}>
        <div className="lm-gallery__stack">
          <ProgressBar label={t('gallery.files.uploading', { name: 'plan.pdf' })} value={45} valueLabel="45 %" />
          <ProgressBar label={t('gallery.files.uploading', { name: 'photo.jpg' })} value={100} valueLabel="100 %" />
        </div>
      </Row>
    </Section>
  );
}

function TokensDemo() {
  const { t } = useWidgetsTranslation();
  return (
    <Section title={t('gallery.tokens')}>
      <h3 className="lm-gallery__subheading">{t('gallery.palette')}</h3>
      <ul className="lm-gallery__swatches">
        {(Object.keys(PALETTE) as PaletteColor[]).map((name) => (
          <li key={name} className="lm-gallery__swatch">
            <span className="lm-gallery__chip" style={{ background: `var(--lm-${name})` }} aria-hidden="true" />
            <span>{name}</span>
            <code>{PALETTE[name]}</code>
          </li>
        ))}
      </ul>
      <h3 className="lm-gallery__subheading">{t('gallery.spacing')}</h3>
      <ul className="lm-gallery__spacing">
        {SPACING.map((size, step) => (
          <li key={step}>
            <code>{step}</code>
            <span className="lm-gallery__bar" style={{ width: `${size}rem` }} aria-hidden="true" />
            <code>{size}rem</code>
          </li>
        ))}
      </ul>
      <h3 className="lm-gallery__subheading">{t('gallery.grid')}</h3>
      <Grid>
        {Array.from({ length: 12 }, (_, index) => (
          <GridItem key={index} span={1}>
            <span className="lm-gallery__cell">{index + 1}</span>
          </GridItem>
        ))}
        <GridItem span={{ sm: 12, md: 6, lg: 4 }}>
          <span className="lm-gallery__cell">sm 12 · md 6 · lg 4</span>
        </GridItem>
        <GridItem span={{ sm: 12, md: 6, lg: 8 }}>
          <span className="lm-gallery__cell">sm 12 · md 6 · lg 8</span>
        </GridItem>
      </Grid>
      <h3 className="lm-gallery__subheading">{t('gallery.icons')}</h3>
      <ul className="lm-gallery__icons">
        {ICON_NAMES.map((name) => (
          <li key={name}>
            <Icon name={name} size={24} />
            <code>{name}</code>
          </li>
        ))}
      </ul>
    </Section>
  );
}

export interface WidgetGalleryProps {
  /** The app's theme, when the app keeps it in its state; without it the gallery's toggle sets data-theme on <html> itself. */
  theme?: Theme;
  onThemeChange?: (theme: Theme) => void;
}

/**
 * Every widget of the kit in each of its states, for the /sandbox route. The theme toggle switches
 * the whole page between light and dark.
 */
export function WidgetGallery({ theme, onThemeChange }: WidgetGalleryProps = {}) {
  const { t } = useWidgetsTranslation();
  return (
    <div className="lm-gallery" data-testid="widget-gallery">
      <PageHeader
        className="lm-gallery__header"
        eyebrow={t('gallery.eyebrow')}
        title={t('gallery.title')}
        lead={t('gallery.intro')}
        actions={<ThemeToggle {...(theme !== undefined ? { theme } : {})} {...(onThemeChange ? { onThemeChange } : {})} />}
      />
      <ModalsDemo />
      <FieldsDemo />
      <ChoicesDemo />
      <DatesDemo />
      <QuantitiesDemo />
      <ActionsDemo />
      <ProgressDemo />
      <LayoutDemo />
      <FilesDemo />
      <TokensDemo />
    </div>
  );
}

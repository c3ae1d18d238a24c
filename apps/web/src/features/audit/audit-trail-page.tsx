import type { AuditEntity } from '@lumen/contracts';
import { AUDIT_ENTITIES } from '@lumen/contracts/constants';
import { Button, DatePicker, Select, TextField } from '@lumen/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AuditHistory, type AuditTrailFilters } from '../../shared/audit';
import './audit-trail.css';

const ALL = 'all';

/** The form's fields as typed; applied together with "Apply". */
interface Draft {
  actor: string;
  entity: AuditEntity | typeof ALL;
  entityId: string;
  from: string | null;
  to: string | null;
}

const EMPTY: Draft = { actor: '', entity: ALL, entityId: '', from: null, to: null };

/** The typed filters as the api takes them, or the field at fault. */
export function filtersOf(draft: Draft): { filters: AuditTrailFilters } | { fault: 'actor' | 'dates' } {
  const actor = draft.actor.trim();
  if (actor !== '' && !/^[1-9][0-9]{0,9}$/.test(actor)) return { fault: 'actor' };
  if (draft.from && draft.to && draft.from > draft.to) return { fault: 'dates' };
  return {
    filters: {
      ...(actor ? { actor: Number(actor) } : {}),
      ...(draft.entity !== ALL ? { entity: draft.entity } : {}),
      ...(draft.entityId.trim() ? { entityId: draft.entityId.trim() } : {}),
      ...(draft.from ? { from: draft.from } : {}),
      ...(draft.to ? { to: draft.to } : {}),
    },
  };
}

/** The full audit trail for admins (issue 17 §3): filters by user (acting or acted for), kind, id and days; newest first. */
export default function AuditTrailPage() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [applied, setApplied] = useState<AuditTrailFilters>({});
  const [fault, setFault] = useState<'actor' | 'dates' | null>(null);

  function apply(event?: FormEvent) {
    event?.preventDefault();
    const result = filtersOf(draft);
    if ('fault' in result) {
      setFault(result.fault);
      return;
    }
    setFault(null);
    setApplied(result.filters);
  }

  return (
    <div className="audit-trail">
      <h1>{t('audit.trail.title')}</h1>
      <p className="audit-trail__intro">{t('audit.trail.intro')}</p>
      <form className="audit-trail__filters" aria-label={t('audit.trail.filters')} onSubmit={apply}>
        <TextField
          label={t('audit.trail.actor')}
          description={t('audit.trail.actorHelp')}
          name="actor"
          value={draft.actor}
          onChange={(actor) => setDraft({ ...draft, actor })}
          isInvalid={fault === 'actor'}
          errorMessage={t('audit.trail.actorInvalid')}
        />
        <Select<string>
          label={t('audit.trail.entity')}
          name="entity"
          options={[{ value: ALL, label: t('audit.trail.allEntities') }, ...AUDIT_ENTITIES.map((entity) => ({ value: entity, label: t(`audit.entity.${entity}`) }))]}
          value={draft.entity}
          onChange={(entity) => setDraft({ ...draft, entity: entity as Draft['entity'] })}
        />
        <TextField label={t('audit.trail.entityId')} name="entityId" value={draft.entityId} onChange={(entityId) => setDraft({ ...draft, entityId })} />
        <DatePicker label={t('audit.trail.from')} name="from" value={draft.from} onChange={(from) => setDraft({ ...draft, from })} />
        <DatePicker
          label={t('audit.trail.to')}
          name="to"
          value={draft.to}
          onChange={(to) => setDraft({ ...draft, to })}
          isInvalid={fault === 'dates'}
          errorMessage={t('audit.trail.datesInvalid')}
        />
        <div className="audit-trail__actions">
          <Button type="submit">{t('audit.trail.apply')}</Button>
          <Button
            variant="secondary"
            onPress={() => {
              setDraft(EMPTY);
              setFault(null);
              setApplied({});
            }}
          >
            {t('audit.trail.clear')}
          </Button>
        </div>
      </form>
      <AuditHistory source={{ kind: 'trail', filters: applied }} label={t('audit.trail.listLabel')} />
    </div>
  );
}

import type { ErpAvailability, OrderStatusCode } from '@lumen/contracts';
import { lineAttributeTexts, type ConfiguredAttributes } from '@lumen/domain';
import { Badge, type BadgeTone } from '@lumen/ui';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/use-format';
import { useAvailabilityText } from '../../shared/erp-availability';

const AVAILABILITY_TONES: Record<ErpAvailability['state'], BadgeTone> = { inStock: 'success', toOrder: 'neutral', upcoming: 'warning', expired: 'danger', unknown: 'muted' };
/** Pending and confirmed orders wait on us, production is under way, finished is done. */
const ORDER_TONES: Record<OrderStatusCode, BadgeTone> = { 1: 'neutral', 2: 'neutral', 3: 'warning', 4: 'success' };

/** What the ERP says of a line: in stock, to order (weeks), available from a date, no longer made. */
export function AvailabilityBadge({ availability }: { availability: ErpAvailability }) {
  const text = useAvailabilityText(availability);
  return <Badge tone={AVAILABILITY_TONES[availability.state]}>{text}</Badge>;
}

export function StatusBadge({ status }: { status: OrderStatusCode }) {
  const { t } = useTranslation();
  return <Badge tone={ORDER_TONES[status]}>{t(`orders.status.${status}`)}</Badge>;
}

/** An ISO day in the interface language. */
export function useDay() {
  const format = useFormat();
  return (day: string | null, style: 'medium' | 'long' = 'medium') => (day ? format.date(`${day.slice(0, 10)}T12:00:00Z`, { dateStyle: style }) : '—');
}

/** A line's configuration in words, a pendant height with its value ("Black · 3000 K · Pendant height 2.50 m"; issue 34 §3). */
export function configurationOf(line: { attributes?: ConfiguredAttributes }, catalogId: number, lang: string): string {
  return lineAttributeTexts(line.attributes, catalogId, lang).join(' · ');
}

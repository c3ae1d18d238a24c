import type { AvailabilityResponse, ErpAvailability } from '@lumen/contracts';
import { hasAnyPrivilege } from '@lumen/domain';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../i18n/use-format';
import { createAsyncAction } from './async-action';
import { useAppDispatch, useAppSelector } from './store';
import { useRemote, type Remote } from './use-remote';
import './erp-availability.css';

/**
 * What the ERP says of references at quantities (spec §7 `POST sr-erp /v1/availability?lang`): in
 * stock, made to order in so many weeks, available from a date, no longer made. The configurator and
 * the project's lines show it beside what the catalogue says; the order screens have their own call.
 * The api answers it to users who order or see orders (order.add, order.view): nobody else asks.
 */
export interface AvailabilityAsk {
  reference: string;
  quantity: number;
}

export const checkAvailability = createAsyncAction<AvailabilityResponse, { products: readonly AvailabilityAsk[] }>(
  'availability',
  ({ products }, { extra, getState }) => extra.api.post<AvailabilityResponse>('sr-erp', '/v1/availability', { products }, { lang: getState().preferences.lang }),
  // A line without its availability is still a line: said in place, no dialog.
  { showError: false },
);

/** Whether the user may ask the ERP (the api's rule). */
export function useMayAskAvailability(): boolean {
  const privileges = useAppSelector((state) => state.session.account?.privileges);
  return privileges ? hasAnyPrivilege(privileges, ['order.add', 'order.view']) : false;
}

/** The availability of each asked reference (by reference), asked again when the references or quantities change; nothing asked when `asks` is empty. */
export function useErpAvailability(asks: readonly AvailabilityAsk[]): Remote<ReadonlyMap<string, ErpAvailability>> {
  const dispatch = useAppDispatch();
  const key = asks.length === 0 ? null : asks.map((ask) => `${ask.reference}×${ask.quantity}`).join('|');
  const [remote] = useRemote(key, async () => {
    const answer = await dispatch(checkAvailability({ products: asks })).unwrap();
    return new Map(answer.data.map((item) => [item.reference, item.availability]));
  });
  return remote;
}

/** The ERP's word on one reference, in the user's language: in stock, to order (weeks), available from a date, no longer made. */
export function useAvailabilityText(availability: ErpAvailability): string {
  const { t } = useTranslation();
  const format = useFormat();
  const date = availability.expectedDate ? format.date(`${availability.expectedDate}T12:00:00Z`, { dateStyle: 'medium' }) : '';
  return availability.state === 'inStock'
    ? t('orders.availability.inStock', { count: availability.stock })
    : availability.state === 'toOrder'
      ? // More than the stock (issue 34 §4): said, so that the stock and the lead time read together.
        availability.stock > 0
        ? t('orders.availability.beyondStock', { count: availability.weeks, stock: availability.stock })
        : t('orders.availability.toOrder', { count: availability.weeks })
      : availability.state === 'upcoming'
        ? t('orders.availability.upcoming', { date })
        : availability.state === 'expired'
          ? t('orders.availability.expired')
          : t('orders.availability.unknown');
}

/** The ERP's word on one reference, as the configurator and project lines say it. */
export function ErpAvailabilityText({ availability }: { availability: ErpAvailability }) {
  const text = useAvailabilityText(availability);
  return <span className={`erp-availability erp-availability--${availability.state}`}>{text}</span>;
}

import type { OrderSummary, Project } from '@lumen/contracts';
import { PROJECT_STATUS } from '@lumen/contracts/constants';
import { hasAnyPrivilege } from '@lumen/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { useRemote } from '../../shared/use-remote';
import { loadProjectOrders } from './orders-calls';

const LINK_CLASS = 'lm-button lm-button--secondary lm-button--sm';

/**
 * The project page's way to its order (issue 13): "Place an order" on a project in EDITION for a user
 * with order.add; on an ordered project (status ORDER, no other actions) the link to its order.
 */
export function ProjectOrderActions({ project }: { project: Project }) {
  const { t } = useTranslation();
  const privileges = useAppSelector((state) => state.session.account?.privileges) ?? [];
  if (project.status === PROJECT_STATUS.EDITION && hasAnyPrivilege(privileges, ['order.add']))
    return (
      <Link className={LINK_CLASS} to={`/project/${project.id}/new-order`}>
        {t('orders.action.place')}
      </Link>
    );
  if (project.status === PROJECT_STATUS.ORDER && hasAnyPrivilege(privileges, ['order.view'])) return <OrderOfProject projectId={project.id} />;
  return null;
}

function OrderOfProject({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [orders] = useRemote<OrderSummary[]>(String(projectId), () => dispatch(loadProjectOrders({ projectId })).unwrap());
  if (orders.status !== 'ready') return null;
  return (
    <>
      {orders.data.map((order) => (
        <Link key={order.orderId} className={LINK_CLASS} to={`/order/${order.orderId}`}>
          {t('orders.action.open', { id: order.orderId })}
        </Link>
      ))}
    </>
  );
}

import clsx from 'clsx';
import { useState, type ReactNode } from 'react';
import { Button } from '../Button/Button';
import { useWidgetsTranslation } from '../i18n/use-widgets-translation';
import { Icon } from '../Icon/Icon';
import { Pager } from '../Pager/Pager';
import { Skeleton } from '../Skeleton/Skeleton';

export type SortDirection = 'ascending' | 'descending';
export interface TableSort {
  column: string;
  direction: SortDirection;
}

export interface DataTableColumn<T> {
  id: string;
  /** The column's header text (also what its sort button is named by). */
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** The value the table sorts by (when the caller does not sort itself); with it the header is a sort button. */
  sortValue?: (row: T) => string | number;
  /** The header is a sort button even without sortValue: the caller sorts (controlled `sort`). */
  sortable?: boolean;
  align?: 'start' | 'end' | 'center';
  /** The cell names its row for assistive technology (a th scope="row"); usually the first column. */
  isRowHeader?: boolean;
}

export interface DataTableProps<T> {
  /** What the table lists ("Invoices"): its accessible name. */
  'aria-label': string;
  columns: readonly DataTableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** 'loading': skeleton rows of the table's own columns (nothing jumps when the rows come); 'error': the error row. */
  status?: 'ready' | 'loading' | 'error';
  /** The error row's words (default "This could not be loaded.") and its retry. */
  error?: ReactNode;
  onRetry?: () => void;
  /** The empty row's words (default "Nothing to show yet."). */
  empty?: ReactNode;
  /** Controlled sort (the caller sorts, on its server say); without it the table sorts by the columns' sortValue. */
  sort?: TableSort | null;
  onSortChange?: (sort: TableSort) => void;
  defaultSort?: TableSort;
  /** Controlled paging (the caller's pages); without it and with pageSize the table pages its rows itself. */
  page?: number;
  pageCount?: number;
  onPageChange?: (page: number) => void;
  pageSize?: number;
  /** The actions of a row (buttons, links), in a last column headed "Actions". */
  rowActions?: (row: T) => ReactNode;
  skeletonRows?: number;
  /** Below 576 px each row is a card of "Header: value" lines instead of a table row (wide tables on phones). */
  stacked?: boolean;
  className?: string;
}

function compare(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true, sensitivity: 'base' });
}

/**
 * The kit's data table (issue 35 §1): a semantic table on a card, sortable headers (buttons, the state
 * in aria-sort), paging with the kit's Pager, a row of skeletons while loading, an empty row and an
 * error row with a retry, and a column of row actions. Sorting and paging are the table's own for
 * rows it holds, or the caller's (controlled) for rows a server pages.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { columns, rows, rowKey, status = 'ready', rowActions, skeletonRows = 3, stacked = false, className } = props;
  const { t } = useWidgetsTranslation();
  const [ownSort, setOwnSort] = useState<TableSort | null>(props.defaultSort ?? null);
  const [ownPage, setOwnPage] = useState(1);
  const sort = props.sort !== undefined ? props.sort : ownSort;
  const controlledSort = props.sort !== undefined;

  const sorted = (() => {
    const column = columns.find((c) => c.id === sort?.column);
    if (controlledSort || !sort || !column?.sortValue) return rows;
    const value = column.sortValue;
    const factor = sort.direction === 'ascending' ? 1 : -1;
    return [...rows].sort((a, b) => factor * compare(value(a), value(b)));
  })();

  const controlledPage = props.page !== undefined;
  const pageCount = controlledPage ? (props.pageCount ?? 1) : props.pageSize ? Math.max(1, Math.ceil(sorted.length / props.pageSize)) : 1;
  const page = controlledPage ? (props.page ?? 1) : Math.min(ownPage, pageCount);
  const shown = !controlledPage && props.pageSize ? sorted.slice((page - 1) * props.pageSize, page * props.pageSize) : sorted;
  const onPageChange = (next: number) => {
    if (!controlledPage) setOwnPage(next);
    props.onPageChange?.(next);
  };

  const onSort = (column: string) => {
    const next: TableSort = { column, direction: sort?.column === column && sort.direction === 'ascending' ? 'descending' : 'ascending' };
    if (!controlledSort) setOwnSort(next);
    if (!controlledPage) setOwnPage(1);
    props.onSortChange?.(next);
  };

  const span = columns.length + (rowActions ? 1 : 0);
  return (
    <div className={clsx('lm-data-table', stacked && 'lm-data-table--stacked', className)}>
      <div className="lm-data-table__scroll">
        <table className="lm-data-table__table" aria-label={props['aria-label']} aria-busy={status === 'loading' || undefined}>
          <thead>
            <tr>
              {columns.map((column) => {
                const sortable = Boolean(column.sortValue) || column.sortable;
                const direction = sort?.column === column.id ? sort.direction : undefined;
                return (
                  <th key={column.id} scope="col" aria-sort={sortable ? (direction ?? 'none') : undefined} className={clsx(column.align && `lm-data-table__cell--${column.align}`)}>
                    {sortable ? (
                      <button type="button" className="lm-data-table__sort lm-focus-ring" onClick={() => onSort(column.id)}>
                        {column.header}
                        <Icon name={direction === 'descending' ? 'chevronDown' : 'chevronUp'} size={14} className={clsx('lm-data-table__sort-icon', !direction && 'lm-data-table__sort-icon--idle')} />
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
              {rowActions && (
                <th scope="col" className="lm-data-table__cell--end">
                  <span className="lm-visually-hidden">{t('dataTable.actions')}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {status === 'loading' &&
              Array.from({ length: skeletonRows }, (_, i) => (
                <tr key={`skeleton-${i}`} className="lm-data-table__skeleton" aria-hidden="true">
                  {Array.from({ length: span }, (_, j) => (
                    <td key={j}>
                      <Skeleton variant="text" width={j === 0 ? '70%' : '50%'} />
                    </td>
                  ))}
                </tr>
              ))}
            {status === 'error' && (
              <tr>
                <td colSpan={span} className="lm-data-table__state" role="alert">
                  <p>{props.error ?? t('dataTable.error')}</p>
                  {props.onRetry && (
                    <Button variant="secondary" size="sm" onPress={props.onRetry}>
                      {t('dataTable.retry')}
                    </Button>
                  )}
                </td>
              </tr>
            )}
            {status === 'ready' && shown.length === 0 && (
              <tr>
                <td colSpan={span} className="lm-data-table__state">
                  {props.empty ?? t('dataTable.empty')}
                </td>
              </tr>
            )}
            {status === 'ready' &&
              shown.map((row) => (
                <tr key={rowKey(row)}>
                  {columns.map((column) => {
                    const Cell = column.isRowHeader ? 'th' : 'td';
                    return (
                      <Cell
                        key={column.id}
                        scope={column.isRowHeader ? 'row' : undefined}
                        className={clsx(column.align && `lm-data-table__cell--${column.align}`)}
                        data-label={!column.isRowHeader && typeof column.header === 'string' ? column.header : undefined}
                      >
                        {column.cell(row)}
                      </Cell>
                    );
                  })}
                  {rowActions && <td className="lm-data-table__actions">{rowActions(row)}</td>}
                </tr>
              ))}
          </tbody>
        </table>
      </div>
      {status === 'ready' && <Pager className="lm-data-table__pager" page={page} pageCount={pageCount} onPageChange={onPageChange} aria-label={t('dataTable.pages', { name: props['aria-label'] })} />}
    </div>
  );
}

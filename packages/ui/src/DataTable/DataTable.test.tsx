import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataTable, type DataTableColumn } from './DataTable';

interface Invoice {
  id: number;
  number: string;
  amount: number;
}

const ROWS: Invoice[] = [
  { id: 1, number: 'F-003', amount: 120 },
  { id: 2, number: 'F-001', amount: 900 },
  { id: 3, number: 'F-002', amount: 45 },
];

const COLUMNS: DataTableColumn<Invoice>[] = [
  { id: 'number', header: 'Number', cell: (row) => row.number, sortValue: (row) => row.number, isRowHeader: true },
  { id: 'amount', header: 'Amount', cell: (row) => `${row.amount} €`, sortValue: (row) => row.amount, align: 'end' },
];

const numbers = () =>
  screen
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

describe('DataTable', () => {
  it('sorts by a header, ascending then descending, and says so in aria-sort', async () => {
    render(<DataTable aria-label="Invoices" columns={COLUMNS} rows={ROWS} rowKey={(row) => row.id} />);
    const table = screen.getByRole('table', { name: 'Invoices' });
    expect(numbers()).toEqual(['F-003', 'F-001', 'F-002']);
    const amount = within(table).getByRole('columnheader', { name: 'Amount' });
    expect(amount).toHaveAttribute('aria-sort', 'none');
    await userEvent.click(within(amount).getByRole('button', { name: 'Amount' }));
    expect(amount).toHaveAttribute('aria-sort', 'ascending');
    expect(numbers()).toEqual(['F-002', 'F-003', 'F-001']);
    await userEvent.click(within(amount).getByRole('button', { name: 'Amount' }));
    expect(amount).toHaveAttribute('aria-sort', 'descending');
    expect(numbers()).toEqual(['F-001', 'F-003', 'F-002']);
  });

  it('pages its rows with the kit pager, by keyboard too', async () => {
    render(<DataTable aria-label="Invoices" columns={COLUMNS} rows={ROWS} rowKey={(row) => row.id} pageSize={2} defaultSort={{ column: 'number', direction: 'ascending' }} />);
    expect(numbers()).toEqual(['F-001', 'F-002']);
    const pager = screen.getByRole('navigation', { name: 'Pages of Invoices' });
    within(pager).getByRole('button', { name: 'Next' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(numbers()).toEqual(['F-003']);
    expect(pager).toHaveTextContent('Page 2 of 2');
  });

  it('shows skeleton rows while loading, an empty row, and an error row with a retry', async () => {
    const onRetry = vi.fn();
    const { rerender } = render(<DataTable aria-label="Invoices" columns={COLUMNS} rows={[]} rowKey={(row) => row.id} status="loading" />);
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    expect(document.querySelectorAll('.lm-data-table__skeleton')).toHaveLength(3);
    rerender(<DataTable aria-label="Invoices" columns={COLUMNS} rows={[]} rowKey={(row) => row.id} empty="No invoices yet." />);
    expect(screen.getByRole('cell', { name: 'No invoices yet.' })).toHaveAttribute('colspan', '2');
    rerender(<DataTable aria-label="Invoices" columns={COLUMNS} rows={[]} rowKey={(row) => row.id} status="error" onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('This could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('gives each row its actions, and leaves sorting and paging to the caller when controlled', async () => {
    const onSortChange = vi.fn();
    const onPageChange = vi.fn();
    render(
      <DataTable
        aria-label="Invoices"
        columns={COLUMNS}
        rows={ROWS}
        rowKey={(row) => row.id}
        sort={{ column: 'number', direction: 'ascending' }}
        onSortChange={onSortChange}
        page={1}
        pageCount={4}
        onPageChange={onPageChange}
        rowActions={(row) => <button type="button">Open {row.number}</button>}
      />,
    );
    expect(numbers()).toEqual(['F-003', 'F-001', 'F-002']);
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
    expect(within(screen.getAllByRole('row')[1]!).getByRole('button', { name: 'Open F-003' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Number' }));
    expect(onSortChange).toHaveBeenCalledWith({ column: 'number', direction: 'descending' });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });
});

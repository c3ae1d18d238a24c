import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tab, TabList, TabPanel, TabsGroup } from './Tabs';

function Example({ onSelectionChange }: { onSelectionChange?: (id: string) => void }) {
  return (
    <TabsGroup defaultSelectedKey="info" {...(onSelectionChange ? { onSelectionChange } : {})}>
      <TabList aria-label="Product">
        <Tab id="info">Info</Tab>
        <Tab id="docs">Documents</Tab>
        <Tab id="off" isDisabled>
          Archived
        </Tab>
      </TabList>
      <TabPanel id="info">Info panel</TabPanel>
      <TabPanel id="docs">Documents panel</TabPanel>
      <TabPanel id="off">Archived panel</TabPanel>
    </TabsGroup>
  );
}

describe('Tabs', () => {
  it('shows the selected panel and switches on click', async () => {
    const onSelectionChange = vi.fn();
    render(<Example onSelectionChange={onSelectionChange} />);
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Info panel');
    await userEvent.click(screen.getByRole('tab', { name: 'Documents' }));
    expect(screen.getByRole('tab', { name: 'Documents' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Documents panel');
    expect(onSelectionChange).toHaveBeenLastCalledWith('docs');
  });

  it('moves with the arrow keys and skips disabled tabs', async () => {
    render(<Example />);
    await userEvent.tab();
    expect(screen.getByRole('tab', { name: 'Info' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Documents' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Documents panel');
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Info' })).toHaveFocus();
  });

  it("throws 'No TabsGroup provided' for a tab outside a group", () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Tab id="x">Lonely</Tab>)).toThrow('No TabsGroup provided');
    expect(() => render(<TabPanel id="x">Lonely</TabPanel>)).toThrow('No TabsGroup provided');
    vi.restoreAllMocks();
  });
});

import clsx from 'clsx';
import { createContext, useContext, type ReactNode } from 'react';
import { Tab as AriaTab, TabList as AriaTabList, TabPanel as AriaTabPanel, Tabs as AriaTabs, type Key } from 'react-aria-components';

const TabsGroupContext = createContext(false);

function useTabsGroup(): void {
  if (!useContext(TabsGroupContext)) throw new Error('No TabsGroup provided');
}

export interface TabsGroupProps {
  children: ReactNode;
  selectedKey?: string;
  defaultSelectedKey?: string;
  onSelectionChange?: (id: string) => void;
  className?: string;
}

/** Holds a TabList and its TabPanels. Keyboard: arrows move between tabs, Home/End, Tab goes to the panel. */
export function TabsGroup({ children, selectedKey, defaultSelectedKey, onSelectionChange, className }: TabsGroupProps) {
  return (
    <TabsGroupContext.Provider value={true}>
      <AriaTabs
        className={clsx('lm-tabs', className)}
        selectedKey={selectedKey}
        defaultSelectedKey={defaultSelectedKey}
        onSelectionChange={(key: Key) => onSelectionChange?.(String(key))}
      >
        {children}
      </AriaTabs>
    </TabsGroupContext.Provider>
  );
}

export interface TabListProps {
  'aria-label': string;
  children: ReactNode;
  className?: string;
}

export function TabList({ children, className, ...rest }: TabListProps) {
  useTabsGroup();
  return (
    <AriaTabList {...rest} className={clsx('lm-tabs__list', className)}>
      {children}
    </AriaTabList>
  );
}

export interface TabProps {
  id: string;
  children: ReactNode;
  isDisabled?: boolean;
  className?: string;
}

/** One tab; throws 'No TabsGroup provided' outside a TabsGroup. */
export function Tab({ id, children, isDisabled, className }: TabProps) {
  useTabsGroup();
  return (
    <AriaTab id={id} isDisabled={isDisabled} className={clsx('lm-tabs__tab', className)}>
      {children}
    </AriaTab>
  );
}

export interface TabPanelProps {
  id: string;
  children: ReactNode;
  className?: string;
}

export function TabPanel({ id, children, className }: TabPanelProps) {
  useTabsGroup();
  return (
    <AriaTabPanel id={id} className={clsx('lm-tabs__panel', className)}>
      {children}
    </AriaTabPanel>
  );
}

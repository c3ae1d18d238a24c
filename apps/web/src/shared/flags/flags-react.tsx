import type { FlagKey } from '@lumen/contracts';
import { OpenFeatureProvider, useBooleanFlagValue } from '@openfeature/react-sdk';
import { createContext, use, useSyncExternalStore, type ReactNode } from 'react';
import type { FlagStatus } from './evaluated-flags-provider';
import type { FlagsClient } from './flags-client';

const FlagsContext = createContext<FlagsClient | null>(null);

/** Puts the app's flags client (and OpenFeature's React provider bound to it) around the app. */
export function FlagsProvider({ flags, children }: { flags: FlagsClient; children: ReactNode }) {
  return (
    <FlagsContext value={flags}>
      <OpenFeatureProvider client={flags.client}>{children}</OpenFeatureProvider>
    </FlagsContext>
  );
}

/** Whether a flag is on for the current user (local override first); re-renders when it changes. */
export function useFlag(key: FlagKey): boolean {
  return useBooleanFlagValue(key, false);
}

export function useFlagsClient(): FlagsClient {
  const flags = use(FlagsContext);
  if (!flags) throw new Error('useFlagsClient needs a FlagsProvider');
  return flags;
}

/** Every flag with its served value and local override (the flags panel). */
export function useFlagStatuses(): readonly FlagStatus[] {
  const { provider } = useFlagsClient();
  return useSyncExternalStore(provider.subscribe, provider.getStatuses);
}
